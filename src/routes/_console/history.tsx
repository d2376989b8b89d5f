import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../../app/guards';
import { searchWithDefaults } from '../../screens/shared/url-search';
import { HistoryScreen } from '../../screens/audit/HistoryScreen';
import { HISTORY_SEARCH_DEFAULTS, HistorySearchSchema } from '../../screens/audit/history-search';

/** History: the audit trail (admins only), its filters in the URL. */
export const Route = createFileRoute('/_console/history')({
  beforeLoad: guard('/history'),
  ...searchWithDefaults(HistorySearchSchema, HISTORY_SEARCH_DEFAULTS),
  component: HistoryRoute,
});

function HistoryRoute() {
  const { api } = Route.useRouteContext();
  const search = Route.useSearch();
  return <HistoryScreen api={api} search={search} />;
}
