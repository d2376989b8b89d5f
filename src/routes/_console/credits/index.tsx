import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guard } from '../../../app/guards';
import { searchWithDefaults } from '../../../screens/shared/url-search';
import { CreditsScreen } from '../../../screens/credits/CreditsScreen';
import { SearchIdSchema } from '../../../api/contract/search-params';
import { CREDIT_SORT_COLUMNS, CREDIT_SORT_DEFAULT } from '../../../domain/credits/credit-list';
import { sortSearchEntries } from '../../../screens/shared/sort-search';

/** The chosen record and the list's order (the default order stays out of the URL). */
const SearchSchema = v.object({
  id: SearchIdSchema,
  ...sortSearchEntries(CREDIT_SORT_COLUMNS, CREDIT_SORT_DEFAULT),
});

export const Route = createFileRoute('/_console/credits/')({
  beforeLoad: guard('/credits'),
  ...searchWithDefaults(SearchSchema, CREDIT_SORT_DEFAULT),
  component: CreditsRoute,
});

function CreditsRoute() {
  const { api } = Route.useRouteContext();
  const { id, sort, dir } = Route.useSearch();
  return <CreditsScreen api={api} id={id} order={{ sort, dir }} />;
}
