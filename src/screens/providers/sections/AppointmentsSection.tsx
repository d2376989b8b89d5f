import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../api/client';
import type { Provider } from '../../../api/contract/provider';
import { providerQueries } from '../../../api/providers/providers.queries';
import { zoneOfProvider } from '../../../machines/dashboard/dashboard.view';
import { AppointmentCalendarScreen } from '../../appointments/AppointmentCalendarScreen';

/**
 * The manage view's appointment calendar (02 §2): a Create Appointment button, and each appointment opens
 * the drawer whose tools hold the cancel dialog (admins) and the status picker.
 */
export function AppointmentsSection(props: { api: ApiClient; provider: Provider; isAdmin: boolean }) {
  const providers = useQuery(providerQueries.choices(props.api));
  return (
    <AppointmentCalendarScreen
      api={props.api}
      providerId={props.provider.id}
      zone={zoneOfProvider(props.provider)}
      isAdmin={props.isAdmin}
      providers={(providers.data ?? []).map(({ id, name }) => ({ id, name }))}
      createLabel="Create Appointment"
    />
  );
}
