/**
 * One tier's editor, bound to its machines: the tier editor (Menu tab, name, cities, unsaved guard), polygon
 * drawing and the city search of the Map tab.
 */
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { PriceTier } from '../../api/contract/price-tier';
import { geoApi } from '../../api/geo/geo';
import { useFlow } from '../../app/flow';
import { geoQueries } from '../../api/geo/geo.queries';
import { priceTierQueries } from '../../api/pricing-tiers/pricing-tiers.queries';
import { pricingTiersApi } from '../../api/pricing-tiers/pricing-tiers';
import {
  coverageAnswer,
  overlappingAreaKeys,
  parseCoordinates,
  tierAreas,
} from '../../domain/pricing-tiers/map';
import type { MenuItem, TierTab } from '../../domain/pricing-tiers/tiers';
import { cityLineOf } from '../../domain/providers/providers';
import { citySearchMachine } from '../../machines/pricing-tiers/city-search.machine';
import { citySearchView } from '../../machines/pricing-tiers/city-search.view';
import {
  createCitySearchActors,
  createPolygonDrawingActors,
  createTierEditorActors,
} from '../../machines/pricing-tiers/pricing-tiers.actors';
import { polygonDrawingMachine } from '../../machines/pricing-tiers/polygon-drawing.machine';
import { polygonDrawingView } from '../../machines/pricing-tiers/polygon-drawing.view';
import { tierEditorMachine } from '../../machines/pricing-tiers/tier-editor.machine';
import { tierEditorView } from '../../machines/pricing-tiers/tier-editor.view';
import { PRICE_TIER_MESSAGES } from '../../domain/shared/messages';
import { UnsavedChangesDialog } from '../../ui/kit/UnsavedChangesDialog';
import { staleNoticeProps } from '../../ui/kit/StaleNotice';
import { TierEditorForm } from '../../ui/pricing-tiers/TierEditorForm';
import { TierMapPanel } from '../../ui/pricing-tiers/TierMapPanel';
import { TierMenu } from '../../ui/pricing-tiers/TierMenu';
import { ChangedBy } from '../audit/ChangedBy';

export type TierEditorRef = ActorRefFrom<typeof tierEditorMachine>;

export interface TierEditorPanelProps {
  api: ApiClient;
  styleUrl: string | undefined;
  tier: PriceTier;
  tiers: PriceTier[];
  items: MenuItem[];
  tab: TierTab;
  onTabChange(tab: TierTab): void;
  onEditor(editor: TierEditorRef): void;
  /** Leaving this tier is settled: go there (a tier id, or 'new'). */
  onLeft(to: string): void;
  onDirtyChange(dirty: boolean): void;
}

export function TierEditorPanel(props: TierEditorPanelProps) {
  const { api, tier } = props;
  const queryClient = useQueryClient();
  const tiersKey = priceTierQueries.all;
  const [, , editor] = useFlow(tierEditorMachine, {
    input: { tier, items: props.items, tab: props.tab },
    actors: createTierEditorActors(pricingTiersApi(api)),
  });
  const [, , drawing] = useFlow(polygonDrawingMachine, {
    input: { tierId: tier.id },
    actors: createPolygonDrawingActors(pricingTiersApi(api)),
  });
  const geo = useMemo(() => geoApi(api), [api]);
  const [, , search] = useFlow(citySearchMachine, { actors: createCitySearchActors(geo) });
  const view = useSelector(editor, tierEditorView);
  const drawingView = useSelector(drawing, polygonDrawingView);
  const searchView = useSelector(search, citySearchView);
  const [clearDrawing, setClearDrawing] = useState(0);
  const [coverage, setCoverage] = useState<{ answer: string | null; busy: boolean }>({
    answer: null,
    busy: false,
  });

  const { onEditor, onLeft, onDirtyChange } = props;
  useEffect(() => onEditor(editor), [editor, onEditor]);
  useEffect(() => {
    if (view.leftTo !== null) onLeft(view.leftTo);
  }, [view.leftTo, onLeft]);
  useEffect(() => onDirtyChange(view.dirty), [view.dirty, onDirtyChange]);
  useEffect(() => {
    if (props.tab !== editor.getSnapshot().context.tab) editor.send({ type: 'tab.select', tab: props.tab });
  }, [editor, props.tab]);

  useEffect(() => {
    const update = (change: (tiers: PriceTier[]) => PriceTier[]) =>
      queryClient.setQueryData<PriceTier[]>(tiersKey, (tiers) => (tiers ? change(tiers) : tiers));
    const subscriptions = [
      editor.on('tier.saved', (event) =>
        update((tiers) => tiers.map((t) => (t.id === event.tier.id ? event.tier : t))),
      ),
      drawing.on('polygon.saved', (event) =>
        update((tiers) =>
          tiers.map((t) =>
            t.id === event.polygon.priceTierId ? { ...t, polygons: [...t.polygons, event.polygon] } : t,
          ),
        ),
      ),
      drawing.on('polygon.deleted', (event) =>
        update((tiers) =>
          tiers.map((t) =>
            t.id === tier.id ? { ...t, polygons: t.polygons.filter((p) => p.name !== event.name) } : t,
          ),
        ),
      ),
      drawing.on('drawing.cleared', () => setClearDrawing((n) => n + 1)),
      search.on('city.chosen', (event) => {
        editor.send({ type: 'city.add', placeId: event.place.placeId });
        drawing.send({ type: 'outline.add', name: event.place.description, points: event.outline });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [editor, drawing, search, queryClient, tiersKey, tier.id]);

  // The tier lists its cities by place id: each is named from its place ("Boulder, CO").
  const cityPlaces = useQueries({ queries: view.cityIds.map((id) => geoQueries.place(api, id)) });
  const cities = view.cityIds.map((id, i) => {
    const place = cityPlaces[i];
    return {
      id,
      name: place?.data ? (cityLineOf(place.data) ?? place.data.formattedAddress) : null,
      failed: place?.isError ?? false,
    };
  });

  const areas = useMemo(() => {
    const all = tierAreas(props.tiers);
    const overlapping = overlappingAreaKeys(all);
    return all.map((area) => ({
      name: area.name,
      tierName: area.tierName,
      points: area.points,
      own: area.tierId === tier.id,
      overlapping: overlapping.has(`${area.tierId}/${area.name}`),
    }));
  }, [props.tiers, tier.id]);

  const checkCoverage = (text: string) => {
    const all = tierAreas(props.tiers);
    const point = parseCoordinates(text);
    if (point) return setCoverage({ answer: coverageAnswer(point, all), busy: false });
    if (text.trim() === '')
      return setCoverage({ answer: 'Type an address, or a latitude and longitude.', busy: false });
    setCoverage({ answer: null, busy: true });
    geo.geocode(text.trim()).then(
      ({ coordinates }) =>
        setCoverage({ answer: coverageAnswer([coordinates.lng, coordinates.lat], all), busy: false }),
      () => setCoverage({ answer: 'That address could not be found.', busy: false }),
    );
  };

  return (
    <>
      <ChangedBy api={api} recordType="price-tier" recordId={tier.id} version={tier.version} isAdmin />
      <UnsavedChangesDialog
        open={view.confirmingLeave}
        message={PRICE_TIER_MESSAGES.unsavedChanges}
        onDiscard={() => editor.send({ type: 'leave.confirm' })}
        onStay={() => editor.send({ type: 'leave.cancel' })}
      />
      <TierEditorForm
        name={view.name}
        description={view.description}
        nameError={view.nameError}
        saveError={view.saveError}
        stale={staleNoticeProps(view, (event) => editor.send(event))}
        tab={view.tab}
        dirty={view.dirty}
        saving={view.saving}
        editable={view.editable}
        onFieldChange={(field, value) => editor.send({ type: 'field.change', field, value })}
        onTabChange={props.onTabChange}
        onSave={() => editor.send({ type: 'tier.save' })}
        menu={
          <TierMenu
            groups={view.groups}
            editable={view.editable}
            onPriceChange={(itemId, field, value) =>
              editor.send({ type: 'price.change', itemId, field, value })
            }
            onPerUnitChange={(itemId, value) => editor.send({ type: 'price.perUnit', itemId, value })}
          />
        }
        map={
          <TierMapPanel
            styleUrl={props.styleUrl}
            tierName={tier.name}
            areas={areas}
            cities={cities}
            drawing={drawingView}
            clearDrawing={clearDrawing}
            citySearch={searchView}
            coverage={coverage}
            onDrawComplete={(points) => drawing.send({ type: 'draw.complete', points })}
            onNameChange={(value) => drawing.send({ type: 'name.change', value })}
            onSavePolygon={() => drawing.send({ type: 'polygon.save' })}
            onCancelDrawing={() => drawing.send({ type: 'draw.cancel' })}
            onDeletePolygon={(name) => drawing.send({ type: 'polygon.delete', name })}
            onConfirmDelete={() => drawing.send({ type: 'delete.confirm' })}
            onCancelDelete={() => drawing.send({ type: 'delete.cancel' })}
            onCityTextChange={(text) => search.send({ type: 'text.change', text })}
            onChooseCity={(place) => search.send({ type: 'place.choose', place })}
            onCheckCoverage={checkCoverage}
          />
        }
      />
    </>
  );
}
