import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guards';
import { SettingsScreen } from '../../screens/settings/SettingsScreen';

/** /settings (admin): the marketplace's business constants (02 §9), edited with versioned saves. */
export const Route = createFileRoute('/_console/settings')({
  beforeLoad: guard('/settings'),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { api } = Route.useRouteContext();
  return <SettingsScreen api={api} />;
}
