import { createFileRoute } from '@tanstack/react-router';
import { requireRole } from '../../app/guards';
import { ServicesScreen } from '../-screens/ServicesScreen';

export const Route = createFileRoute('/_console/services')({
  beforeLoad: ({ context, location }) => requireRole(context, location),
  component: ServicesScreen,
});
