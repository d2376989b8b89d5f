/**
 * The Map tab's map (01 §2, §9): maplibre-gl through react-map-gl, centred on the United States at zoom 3,
 * 400 px high, with the tier's polygons, other tiers' polygons (overlaps flagged), the outline waiting for a
 * name, and @mapbox/mapbox-gl-draw for drawing. Loaded only with this screen (React.lazy).
 */
import MapboxDraw from '@mapbox/mapbox-gl-draw';
import '@mapbox/mapbox-gl-draw/dist/mapbox-gl-draw.css';
import { setWorkerUrl, type IControl, type StyleSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Layer, Map, NavigationControl, Source, useControl } from 'react-map-gl/maplibre';
import { MAP_DEFAULTS } from '../../domain/pricing-tiers/map';
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

export default function TierMap(props: TierMapProps) {
  const [style, setStyle] = useState<string | StyleSpecification | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
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
    <div data-map-state={ready ? 'ready' : 'loading'}>
      <Map
        onLoad={() => setReady(true)}
        initialViewState={{
          longitude: MAP_DEFAULTS.center[0],
          latitude: MAP_DEFAULTS.center[1],
          zoom: MAP_DEFAULTS.zoom,
        }}
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
