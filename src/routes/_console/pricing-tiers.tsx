import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as v from 'valibot';
import { guard } from '../../app/guards';
import { TIER_TABS, type TierTab } from '../../domain/pricing-tiers/tier-tabs';
import { PricingTiersScreen } from '../../screens/pricing-tiers/PricingTiersScreen';
import { SearchIdSchema } from '../../api/contract/search-params';

/** The chosen tier and tab live in the URL (issue 13); a bad value falls back to the first tier's Menu tab. */
const SearchSchema = v.object({
  tier: SearchIdSchema,
  tab: v.fallback(v.optional(v.picklist(TIER_TABS), 'menu'), 'menu'),
});

export const Route = createFileRoute('/_console/pricing-tiers')({
  beforeLoad: guard('/pricing-tiers'),
  validateSearch: SearchSchema,
  component: PricingTiersRoute,
});

function PricingTiersRoute() {
  const { api, env } = Route.useRouteContext();
  const { tier, tab } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const onNavigate = useCallback(
    (search: { tier?: number; tab: TierTab }, options: { replace?: boolean } = {}) =>
      void navigate({ search, replace: options.replace ?? false }),
    [navigate],
  );
  return (
    <PricingTiersScreen
      api={api}
      styleUrl={env.VITE_MAP_STYLE_URL}
      tierId={tier}
      tab={tab}
      onNavigate={onNavigate}
    />
  );
}
