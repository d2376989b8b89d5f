import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { AddProviderScreen } from '../../../../screens/onboarding/AddProviderScreen';

export const Route = createFileRoute('/_console/provider/onboarding/create')({
  beforeLoad: guard('/provider/onboarding/create'),
  component: AddProviderRoute,
});

function AddProviderRoute() {
  const { api, persistence } = Route.useRouteContext();
  return <AddProviderScreen api={api} persistence={persistence} />;
}
