/**
 * The Map tab's map (01 §2, §9): maplibre-gl through react-map-gl, 400 px high, opened fitted to the tier's
 * polygons (centred on the United States at zoom 3 when it has none), with the tier's polygons, other tiers'
 * polygons (overlaps flagged), the outline waiting for a name (the map moves to a city picked from afar), and
 * @mapbox/mapbox-gl-draw for drawing. Loaded only with this screen (React.lazy). Its wrapper says where the
 * map is (`data-map-center` "lng,lat" and `data-map-zoom`) once it has settled.
 */
import MapboxDraw from '@mapbox/mapbox-gl-draw';
import '@mapbox/mapbox-gl-draw/dist/mapbox-gl-draw.css';
import { setWorkerUrl, type IControl, type StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Layer, Map, NavigationControl, Source, useControl, type MapRef } from 'react-map-gl/maplibre';
import { boundsOf, MAP_DEFAULTS, MAP_FIT, shouldFocus } from '../../domain/pricing-tiers/map';
import type { Position } from '../../domain/pricing-tiers/geometry';
import { loadBasemap } from './basemap';

setWorkerUrl(workerUrl);

// mapbox-gl-draw names its buttons after mapbox-gl; maplibre styles and positions maplibregl-ctrl ones, and
// draw takes keys (Enter finishes a shape) only from a canvas with its own class name.
const drawClasses = MapboxDraw.constants.classes as Record<string, string>;
drawClasses.CANVAS = 'maplibregl-canvas';
drawClasses.ATTRIBUTION = 'maplibregl-ctrl-attrib';
drawClasses.CONTROL_BASE = 'maplibregl-ctrl';
drawClasses.CONTROL_PREFIX = 'maplibregl-ctrl-';
drawClasses.CONTROL_GROUP = 'maplibregl-ctrl-group';

export interface MapArea {
  name: string;
  tierName: string;
  points: readonly Position[];
  /** Of the tier being edited (drawn in teal) or of another tier (grey). */
  own: boolean;
  /** Overlaps a polygon of another tier. */
  overlapping: boolean;
}

export interface TierMapProps {
  styleUrl: string | undefined;
  areas: MapArea[];
  /** A drawn or city outline waiting for a name. */
  pending: readonly Position[] | null;
  /** Changes whenever the drawing layer must be emptied (a refused, saved or cancelled drawing). */
  clearDrawing: number;
  drawingEnabled: boolean;
  onDrawComplete(points: Position[]): void;
}

interface Evented {
  on(type: string, listener: (event: { features: GeoJSON.Feature[] }) => void): void;
  off(type: string, listener: (event: { features: GeoJSON.Feature[] }) => void): void;
}

function ring(points: readonly Position[]): number[][] {
  return points.map(([lng, lat]) => [lng, lat]);
}

function DrawControl(props: { enabled: boolean; clear: number; onComplete(points: Position[]): void }) {
  const onComplete = useRef(props.onComplete);
  useEffect(() => {
    onComplete.current = props.onComplete;
  });
  const [onCreate] = useState(() => (event: { features: GeoJSON.Feature[] }) => {
    const geometry = event.features[0]?.geometry;
    if (geometry?.type !== 'Polygon') return;
    onComplete.current((geometry.coordinates[0] ?? []).map(([lng, lat]) => [lng!, lat!] as const));
  });
  // The draw control speaks mapbox-gl's types; at run time maplibre's map is what it gets and works with.
  const draw = useControl<IControl>(
    () =>
      new MapboxDraw({ displayControlsDefault: false, controls: { polygon: true } }) as unknown as IControl,
    ({ map }) => (map as unknown as Evented).on('draw.create', onCreate),
    ({ map }) => (map as unknown as Evented).off('draw.create', onCreate),
    { position: 'top-left' },
  ) as unknown as MapboxDraw;
  useEffect(() => {
    draw.deleteAll();
    if (!props.enabled) draw.changeMode('simple_select');
  }, [draw, props.clear, props.enabled]);
  return null;
}

const fitOptions = () => ({
  padding: MAP_FIT.paddingPx,
  maxZoom: MAP_FIT.maxZoom,
  duration: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 600,
});

/** Where the map opens: around the tier's own polygons, else the spec's default view. */
function initialView(areas: readonly MapArea[]) {
  const bounds = boundsOf(areas.filter((area) => area.own).flatMap((area) => area.points));
  if (!bounds) {
    const [longitude, latitude] = MAP_DEFAULTS.center;
    return { longitude, latitude, zoom: MAP_DEFAULTS.zoom };
  }
  return {
    bounds: [bounds[0][0], bounds[0][1], bounds[1][0], bounds[1][1]] as [number, number, number, number],
    fitBoundsOptions: { padding: MAP_FIT.paddingPx, maxZoom: MAP_FIT.maxZoom },
  };
}

export default function TierMap(props: TierMapProps) {
  const [style, setStyle] = useState<string | StyleSpecification | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const map = useRef<MapRef>(null);
  // Decided once, when the map opens: later saves and deletions do not move it under the admin's hand.
  const [opening] = useState(() => initialView(props.areas));
  const [where, setWhere] = useState<{ center: string; zoom: string } | null>(null);
  const settle = () => {
    const current = map.current;
    if (!current) return;
    const { lng, lat } = current.getCenter();
    setWhere({ center: `${lng.toFixed(4)},${lat.toFixed(4)}`, zoom: current.getZoom().toFixed(2) });
  };
  // An outline waiting for a name that is out of sight or a dot at this zoom (a city picked from the whole
  // country): the map moves to it.
  useEffect(() => {
    const current = map.current;
    const target = boundsOf(props.pending ?? []);
    if (!ready || !current || !target) return;
    const view = current.getBounds();
    const shown = [
      [view.getWest(), view.getSouth()],
      [view.getEast(), view.getNorth()],
    ] as const;
    if (shouldFocus(shown, target))
      current.fitBounds([target[0][0], target[0][1], target[1][0], target[1][1]], fitOptions());
  }, [props.pending, ready]);
  useEffect(() => {
    let live = true;
    loadBasemap(props.styleUrl).then(
      (loaded) => live && setStyle(loaded),
      (error: unknown) => live && setFailure(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, [props.styleUrl]);

  const areas = useMemo<GeoJSON.FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: props.areas.map((area) => ({
        type: 'Feature',
        properties: { name: area.name, tier: area.tierName, own: area.own, overlapping: area.overlapping },
        geometry: { type: 'Polygon', coordinates: [ring(area.points)] },
      })),
    }),
    [props.areas],
  );
  const pending = useMemo<GeoJSON.FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: props.pending
        ? [
            {
              type: 'Feature',
              properties: {},
              geometry: { type: 'Polygon', coordinates: [ring(props.pending)] },
            },
          ]
        : [],
    }),
    [props.pending],
  );

  if (failure) return <p role="alert">The map could not be shown: {failure}</p>;
  if (!style) return <p>Loading the map…</p>;
  return (
    <div
      data-map-state={ready ? 'ready' : 'loading'}
      data-map-center={where?.center}
      data-map-zoom={where?.zoom}
    >
      <Map
        ref={map}
        onLoad={() => {
          setReady(true);
          settle();
        }}
        onMoveEnd={settle}
        initialViewState={opening}
        style={{ width: '100%', height: MAP_DEFAULTS.heightPx }}
        mapStyle={style}
        attributionControl={false}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <DrawControl
          enabled={props.drawingEnabled}
          clear={props.clearDrawing}
          onComplete={props.onDrawComplete}
        />
        <Source id="tier-areas" type="geojson" data={areas}>
          <Layer
            id="tier-areas-fill"
            type="fill"
            paint={{
              'fill-color': ['case', ['get', 'own'], '#0f766e', '#6b7280'],
              'fill-opacity': ['case', ['get', 'own'], 0.35, 0.2],
            }}
          />
          <Layer
            id="tier-areas-line"
            type="line"
            paint={{
              'line-color': ['case', ['get', 'overlapping'], '#b91c1c', ['get', 'own'], '#115e59', '#4b5563'],
              'line-width': ['case', ['get', 'overlapping'], 3, 1.5],
            }}
          />
        </Source>
        <Source id="pending-outline" type="geojson" data={pending}>
          <Layer
            id="pending-outline-fill"
            type="fill"
            paint={{ 'fill-color': '#d97706', 'fill-opacity': 0.25 }}
          />
          <Layer id="pending-outline-line" type="line" paint={{ 'line-color': '#b45309', 'line-width': 2 }} />
        </Source>
      </Map>
    </div>
  );
}
