import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as v from 'valibot';
import { guard } from '../../../app/guards';
import { CALENDAR_VIEWS, DAY_PATTERN, MONTH_PATTERN } from '../../../domain/dashboard/month-param';
import {
  ProviderOverviewScreen,
  type OverviewSearch,
} from '../../../screens/providers/ProviderOverviewScreen';
import { SearchIdSchema } from '../../../api/contract/search-params';

/**
 * The chosen provider and the calendar's month, view (month or week) and the week view's day live in the URL; a
 * bad value falls back to none.
 */
const SearchSchema = v.object({
  provider: SearchIdSchema,
  month: v.fallback(v.optional(v.pipe(v.string(), v.regex(MONTH_PATTERN))), undefined),
  view: v.fallback(v.optional(v.picklist(CALENDAR_VIEWS)), undefined),
  day: v.fallback(v.optional(v.pipe(v.string(), v.regex(DAY_PATTERN))), undefined),
});

/** The provider dashboard (02 §2). */
export const Route = createFileRoute('/_console/provider/overview')({
  beforeLoad: guard('/provider/overview'),
  validateSearch: SearchSchema,
  component: ProviderOverviewRoute,
});

function ProviderOverviewRoute() {
  const { api, session } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onSearch = useCallback(
    (next: OverviewSearch) => void navigate({ search: next, replace: false }),
    [navigate],
  );
  return <ProviderOverviewScreen api={api} session={session} search={search} onSearch={onSearch} />;
}
