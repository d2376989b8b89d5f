import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guards';
import { ServicesScreen } from '../-screens/ServicesScreen';

export const Route = createFileRoute('/_console/')({
  beforeLoad: guard('/'),
  component: ServicesScreen,
});
