import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guards';
import { searchWithDefaults } from '../../screens/shared/url-search';
import { AppointmentsWorkspaceScreen } from '../../screens/appointments/AppointmentsWorkspaceScreen';
import {
  APPOINTMENTS_SEARCH_DEFAULTS,
  AppointmentsSearchSchema,
} from '../../screens/appointments/appointments-search';

/** The appointments workspace (02 §2; provider or admin), its filters in the URL. */
export const Route = createFileRoute('/_console/appointments')({
  beforeLoad: guard('/appointments'),
  ...searchWithDefaults(AppointmentsSearchSchema, APPOINTMENTS_SEARCH_DEFAULTS),
  component: AppointmentsRoute,
});

function AppointmentsRoute() {
  const { api, session } = Route.useRouteContext();
  const search = Route.useSearch();
  return <AppointmentsWorkspaceScreen api={api} session={session} search={search} />;
}
