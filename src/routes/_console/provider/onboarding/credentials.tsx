import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { guard } from '../../../../app/guards';
import { ConnectionScreen } from '../../../../screens/connections/ConnectionScreen';

const text = v.fallback(v.optional(v.pipe(v.string(), v.maxLength(2_000))), undefined);
/** Square's authorisation page returns here with code and state, or error and error_description. */
/**
 * `pollMs` (test builds only): the Boulevard verification's poll interval for browser tests; the product
 * polls every 5 s (the machine's named delay).
 */
const SearchSchema = v.object({
  code: text,
  state: text,
  error: text,
  error_description: text,
  pollMs: v.fallback(
    v.optional(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(5_000))),
    undefined,
  ),
});
const TEST_BUILD = import.meta.env.MODE === 'test';

export const Route = createFileRoute('/_console/provider/onboarding/credentials')({
  beforeLoad: guard('/provider/onboarding/credentials'),
  validateSearch: (search) =>
    v.parse(SearchSchema, {
      ...search,
      pollMs: search.pollMs === undefined ? undefined : Number(search.pollMs),
    }),
  component: ConnectionRoute,
});

function ConnectionRoute() {
  const { api, persistence, env } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const returned = search.code !== undefined || search.error !== undefined;
  return (
    <ConnectionScreen
      api={api}
      persistence={persistence}
      env={env}
      oauthReturn={
        returned
          ? {
              code: search.code ?? null,
              state: search.state ?? null,
              error: search.error ?? null,
              errorDescription: search.error_description ?? null,
            }
          : null
      }
      boulevardPollMs={TEST_BUILD ? search.pollMs : undefined}
      onReturnRead={() => void navigate({ search: {}, replace: true })}
    />
  );
}
