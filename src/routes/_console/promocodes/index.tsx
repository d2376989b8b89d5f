import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guard } from '../../../app/guards';
import { searchWithDefaults } from '../../../screens/shared/url-search';
import { PromoCodesScreen } from '../../../screens/promos/PromoCodesScreen';
import { SearchIdSchema } from '../../../api/contract/search-params';
import { PROMO_SORT_COLUMNS, PROMO_SORT_DEFAULT } from '../../../domain/promos/promo-list';
import { sortSearchEntries } from '../../../screens/shared/sort-search';

/** The chosen record and the list's order (the default order stays out of the URL). */
const SearchSchema = v.object({
  id: SearchIdSchema,
  ...sortSearchEntries(PROMO_SORT_COLUMNS, PROMO_SORT_DEFAULT),
});

export const Route = createFileRoute('/_console/promocodes/')({
  beforeLoad: guard('/promocodes'),
  ...searchWithDefaults(SearchSchema, PROMO_SORT_DEFAULT),
  component: PromoCodesRoute,
});

function PromoCodesRoute() {
  const { api } = Route.useRouteContext();
  const { id, sort, dir } = Route.useSearch();
  return <PromoCodesScreen api={api} id={id} order={{ sort, dir }} />;
}
