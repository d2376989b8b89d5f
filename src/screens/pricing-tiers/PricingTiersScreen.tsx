/**
 * /pricing-tiers bound to its flows: the tier list (add, delete), the chosen tier's editor, and the unsaved
 * guard for leaving the tier (through the editor's machine) or the screen (through the router).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { PriceTier } from '../../api/contract/price-tier';
import type { ServiceCategory } from '../../api/contract/service-category';
import { useFlow } from '../../app/flow';
import { serviceCategoryQueries } from '../../api/catalogue/service-categories.queries';
import { priceTierQueries } from '../../api/pricing-tiers/pricing-tiers.queries';
import { pricingTiersApi } from '../../api/pricing-tiers/pricing-tiers';
import { PRICE_TIER_MESSAGES } from '../../domain/shared/messages';
import type { MenuItem, TierTab } from '../../domain/pricing-tiers/tiers';
import { createTierListActors } from '../../machines/pricing-tiers/pricing-tiers.actors';
import { tierListMachine } from '../../machines/pricing-tiers/tier-list.machine';
import { tierListView } from '../../machines/pricing-tiers/tier-list.view';
import { useUnsavedGuard } from '../../app/unsaved-guard';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';
import { PricingTiersLayout } from '../../ui/pricing-tiers/PricingTiersLayout';
import { TierSidebar } from '../../ui/pricing-tiers/TierSidebar';
import { TierEditorPanel, type TierEditorRef } from './TierEditorPanel';

/** Every service item with its category, at its own price (the Menu tab's rows before tier prices). */
function menuItems(categories: ServiceCategory[]): MenuItem[] {
  return categories.flatMap(({ name: category, serviceItems }) =>
    serviceItems.map(({ id, name, subCategory, priceInCents, isPricePerUnit }) => {
      const item: MenuItem = { id, category, name, subCategory, priceInCents, isPricePerUnit };
      return item;
    }),
  );
}

export interface PricingTiersScreenProps {
  api: ApiClient;
  styleUrl: string | undefined;
  tierId: number | undefined;
  tab: TierTab;
  onNavigate(search: { tier?: number; tab: TierTab }, options?: { replace?: boolean }): void;
}

export function PricingTiersScreen({ api, styleUrl, tierId, tab, onNavigate }: PricingTiersScreenProps) {
  const queryClient = useQueryClient();
  const tiers = useQuery(priceTierQueries.list(api));
  // The service menu as the Menu tab lists it: GET /svc-category, shared with the services screen.
  const menu = useQuery({ ...serviceCategoryQueries.list(api), select: menuItems });
  const [, , list] = useFlow(tierListMachine, {
    input: { count: 0 },
    actors: createTierListActors(pricingTiersApi(api)),
  });
  const listView = useSelector(list, tierListView);
  const [editor, setEditor] = useState<TierEditorRef | null>(null);
  const [generation, setGeneration] = useState(0);

  const all = useMemo(() => tiers.data ?? [], [tiers.data]);
  const chosen = all.find((tier) => tier.id === tierId) ?? all[0] ?? null;

  useEffect(() => {
    list.send({ type: 'tiers.loaded', count: all.length });
  }, [list, all.length]);
  // No tier (or one that no longer exists) in the URL: show the first, without a new history entry.
  useEffect(() => {
    if (chosen && chosen.id !== tierId) onNavigate({ tier: chosen.id, tab }, { replace: true });
  }, [chosen, tierId, tab, onNavigate]);

  useEffect(() => {
    const key = priceTierQueries.all;
    const subscriptions = [
      list.on('tier.added', (event) => {
        queryClient.setQueryData<PriceTier[]>(key, (current) => [...(current ?? []), event.tier]);
        onNavigate({ tier: event.tier.id, tab: 'menu' });
      }),
      list.on('tier.deleted', (event) => {
        queryClient.setQueryData<PriceTier[]>(key, (current) => current?.filter((t) => t.id !== event.id));
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [list, api, queryClient, onNavigate]);

  // The editor says where to go once leaving is settled (at once, or after the admin confirmed).
  const onLeft = useCallback(
    (to: string) => {
      setGeneration((n) => n + 1);
      if (to === 'new') list.send({ type: 'tier.add' });
      else onNavigate({ tier: Number(to), tab });
    },
    [list, onNavigate, tab],
  );
  // Leaving the screen with unsaved prices asks first (the console's one guard); choosing another tier
  // stays on the screen and is asked by the tier editor itself.
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((next: boolean) => setDirty(next), []);
  const guard = useUnsavedGuard(dirty, { stays: (_current, next) => next.pathname === '/pricing-tiers' });

  const leave = (to: string) => {
    if (editor && editor.getSnapshot().status === 'active') editor.send({ type: 'tier.leave', to });
    else if (to === 'new') list.send({ type: 'tier.add' });
    else onNavigate({ tier: Number(to), tab });
  };
  const onEditor = useCallback((ref: TierEditorRef) => setEditor(ref), []);

  return (
    <PricingTiersLayout
      heading={chosen?.name ?? 'Pricing tier'}
      sidebar={
        <TierSidebar
          tiers={all}
          chosenId={chosen?.id ?? null}
          loading={tiers.isPending}
          adding={listView.adding}
          canDelete={listView.canDelete}
          deletingId={listView.deletingId}
          onChoose={(id) => id !== chosen?.id && leave(String(id))}
          onAdd={() => leave('new')}
          onDelete={(id) => list.send({ type: 'tier.delete', id })}
        />
      }
    >
      {tiers.isError || menu.isError ? (
        <p role="alert">The pricing tiers could not be loaded. Reload the page to try again.</p>
      ) : !chosen || !menu.data ? (
        <p>Loading…</p>
      ) : (
        <TierEditorPanel
          key={`${chosen.id}-${generation}`}
          api={api}
          styleUrl={styleUrl}
          tier={chosen}
          tiers={all}
          items={menu.data}
          tab={tab}
          onTabChange={(next) => onNavigate({ tier: chosen.id, tab: next })}
          onEditor={onEditor}
          onLeft={onLeft}
          onDirtyChange={onDirtyChange}
        />
      )}
      <UnsavedChangesDialog {...guard.dialog} message={PRICE_TIER_MESSAGES.unsavedChanges} />
    </PricingTiersLayout>
  );
}
