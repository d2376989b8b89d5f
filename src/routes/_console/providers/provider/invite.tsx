import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../../../app/guards';
import { InviteProviderScreen } from '../../../../screens/providers/InviteProviderScreen';

/** Invite provider (admin): an email and providers, Save → 'Sent invite!' and the registration link. */
export const Route = createFileRoute('/_console/providers/provider/invite')({
  beforeLoad: guard('/providers/provider/invite'),
  component: InviteProviderRoute,
});

function InviteProviderRoute() {
  const { api } = Route.useRouteContext();
  return <InviteProviderScreen api={api} origin={window.location.origin} />;
}
