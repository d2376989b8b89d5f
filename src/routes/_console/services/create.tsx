import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../app/guards';
import { CreateCategoryScreen } from '../../../screens/catalogue/services-create';

export const Route = createFileRoute('/_console/services/create')({
  beforeLoad: guard('/services/create'),
  component: CreateCategoryScreen,
});
