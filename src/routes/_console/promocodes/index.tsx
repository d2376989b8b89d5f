import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guard } from '../../../app/guards';
import { PromoCodesScreen } from '../../../screens/promos/PromoCodesScreen';
import { SearchIdSchema } from '../../../api/contract/primitives';

const SearchSchema = v.object({
  id: SearchIdSchema,
});

export const Route = createFileRoute('/_console/promocodes/')({
  beforeLoad: guard('/promocodes'),
  validateSearch: SearchSchema,
  component: PromoCodesRoute,
});

function PromoCodesRoute() {
  const { api } = Route.useRouteContext();
  const { id } = Route.useSearch();
  return <PromoCodesScreen api={api} id={id} />;
}
