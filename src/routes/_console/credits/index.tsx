import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guard } from '../../../app/guards';
import { CreditsScreen } from '../../../screens/credits/CreditsScreen';
import { SearchIdSchema } from '../../../api/contract/primitives';

const SearchSchema = v.object({
  id: SearchIdSchema,
});

export const Route = createFileRoute('/_console/credits/')({
  beforeLoad: guard('/credits'),
  validateSearch: SearchSchema,
  component: CreditsRoute,
});

function CreditsRoute() {
  const { api } = Route.useRouteContext();
  const { id } = Route.useSearch();
  return <CreditsScreen api={api} id={id} />;
}
