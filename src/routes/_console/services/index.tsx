import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../app/guards';
import { ServicesScreen } from '../../../screens/catalogue/ServicesScreen';
import { ServicesSearchSchema } from '../../../screens/catalogue/services-search';

export const Route = createFileRoute('/_console/services/')({
  beforeLoad: guard('/services'),
  validateSearch: ServicesSearchSchema,
  component: ServicesScreen,
});
