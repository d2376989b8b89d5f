import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guard } from '../../../app/guards';
import { CreditsScreen } from '../../../screens/credits/CreditsScreen';

const SearchSchema = v.object({
  id: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))), undefined),
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
