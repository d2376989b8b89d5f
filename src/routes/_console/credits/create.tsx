import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../app/guards';
import { CreateCreditScreen } from '../../../screens/credits/CreateCreditScreen';

export const Route = createFileRoute('/_console/credits/create')({
  beforeLoad: guard('/credits/create'),
  component: CreateCreditRoute,
});

function CreateCreditRoute() {
  const { api } = Route.useRouteContext();
  return <CreateCreditScreen api={api} />;
}
