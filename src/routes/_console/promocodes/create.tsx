import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../app/guards';
import { CreatePromoScreen } from '../../../screens/promos/CreatePromoScreen';

export const Route = createFileRoute('/_console/promocodes/create')({
  beforeLoad: guard('/promocodes/create'),
  component: CreatePromoRoute,
});

function CreatePromoRoute() {
  const { api } = Route.useRouteContext();
  return <CreatePromoScreen api={api} />;
}
