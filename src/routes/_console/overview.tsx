import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guards';
import { OverviewScreen } from '../../screens/overview/OverviewScreen';

/** /overview (admins): the marketplace at a glance (issue 30). */
export const Route = createFileRoute('/_console/overview')({
  beforeLoad: guard('/overview'),
  component: OverviewRoute,
});

function OverviewRoute() {
  const { api } = Route.useRouteContext();
  return <OverviewScreen api={api} />;
}
