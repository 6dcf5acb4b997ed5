import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import type Supercluster from 'supercluster';
import type { ClusterFeature, ClusterProperties, PointFeature as SuperclusterPoint } from 'supercluster';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapSettings } from '../../api/map-settings';
import { createBaseMap, type BaseMap, type BaseMapKind } from './create-base-map';
import './works-map.css';

/** One thing on the map. `id` is what `onSelect` gives back (a work's uid for works). */
export interface MapPoint {
  id: string;
  latitude: number;
  longitude: number;
}

export interface MapView {
  longitude: number;
  latitude: number;
  zoom: number;
}

export interface WorksMapProps<T extends MapPoint> {
  points: readonly T[];
  /** A single point (not a cluster) was clicked or chosen by keyboard. Clusters zoom in by themselves. */
  onSelect?: (point: T) => void;
  /** Highlights that point's marker. */
  selectedId?: string | null;
  projection?: 'mercator' | 'globe';
  /** Where the camera starts; by default it fits the points (all of China when there are none). */
  initialView?: MapView;
  /** Change it to fly the camera there. */
  flyTo?: { longitude: number; latitude: number; zoom?: number } | null;
  /** After each move: the visible bounds [west, south, east, north] and the zoom. */
  onViewChange?: (view: { bounds: [number, number, number, number]; zoom: number }) => void;
  /** A single point's accessible name (the id when not given). */
  pointLabel?: (point: T) => string;
  className?: string;
}

/** Mainland China, seen whole. */
const CHINA_VIEW: MapView = { longitude: 104, latitude: 35, zoom: 3 };
/** Points closer than this many pixels gather into one cluster. */
const CLUSTER_RADIUS_PX = 56;
/** From this zoom on, every point stands alone. */
const CLUSTER_MAX_ZOOM = 14;
const FLY_TO_ZOOM = 12;

type PointFeature = SuperclusterPoint<{ index: number }>;
type ClusterOrPoint = ClusterFeature<ClusterProperties> | PointFeature;

/**
 * The points on the site's base map, gathered into clusters that show how many they hold (HTML
 * markers: the map needs no glyphs, so nothing is fetched from the internet). A click on a cluster
 * zooms into it; a click on a point calls `onSelect`. MapLibre and the basemap load with the first
 * map drawn. The parent gives the height.
 */
export function WorksMap<T extends MapPoint>({
  points,
  onSelect,
  selectedId = null,
  projection = 'mercator',
  initialView,
  flyTo = null,
  onViewChange,
  pointLabel,
  className,
}: WorksMapProps<T>) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [baseMap, setBaseMap] = useState<BaseMap | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const [kind, setKind] = useState<BaseMapKind | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  const settings = useMapSettings();
  // Undefined while the setting is on its way; null when it could not be had (the bundled map, then).
  const mapSettings = settings.data ?? (settings.isError ? null : undefined);
  const latest = useRef({ onSelect, onViewChange, pointLabel, points });
  latest.current = { onSelect, onViewChange, pointLabel, points };
  const start = useRef({ initialView, points, projection });

  useEffect(() => {
    if (mapSettings === undefined) return;
    let cancelled = false;
    let created: BaseMap | null = null;
    void (async () => {
      const { initialView: given, points: first, projection: chosen } = start.current;
      const fitted = given ?? fitView(first);
      try {
        if (!container.current) return;
        created = await createBaseMap(container.current, {
          settings: mapSettings,
          projection: chosen,
          center: [fitted.longitude, fitted.latitude],
          zoom: fitted.zoom,
          minZoom: chosen === 'globe' ? 0 : 1,
          dragRotate: false,
          pitchWithRotate: false,
          onBaseMap: setKind,
        });
      } catch {
        if (!cancelled) setState('unavailable');
        return;
      }
      if (cancelled) {
        created.map.remove();
        return;
      }
      const { map } = created;
      map.touchZoomRotate.disableRotation();
      map.addControl(new created.library.NavigationControl({ showCompass: false }), 'top-right');
      const report = () => {
        const center = map.getCenter();
        const zoom = map.getZoom();
        setView({ longitude: center.lng, latitude: center.lat, zoom });
        const bounds = map.getBounds();
        latest.current.onViewChange?.({ bounds: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], zoom });
      };
      map.on('moveend', report);
      void map.once('load', () => {
        setState('ready');
        report();
      });
      setBaseMap(created);
    })();
    return () => {
      cancelled = true;
      created?.map.remove();
      setBaseMap(null);
      setState('loading');
    };
  }, [mapSettings]);

  useClusterMarkers(baseMap, points, selectedId, latest, (count) => t('baseMap.cluster', { count }));

  useEffect(() => {
    if (!baseMap || !flyTo) return;
    baseMap.map.flyTo({ center: [flyTo.longitude, flyTo.latitude], zoom: flyTo.zoom ?? FLY_TO_ZOOM, essential: true });
  }, [baseMap, flyTo]);

  return (
    <div
      className={`works-map${className ? ` ${className}` : ''}`}
      data-testid="works-map"
      data-ready={state === 'ready'}
      data-base-map={kind ?? undefined}
      data-center={view ? `${view.longitude.toFixed(4)},${view.latitude.toFixed(4)}` : undefined}
      data-zoom={view ? view.zoom.toFixed(2) : undefined}
    >
      <div ref={container} className="works-map__canvas" role="region" aria-label={t('baseMap.label')} />
      {state === 'loading' && <div className="works-map__overlay">{t('baseMap.loading')}</div>}
      {state === 'unavailable' && <div className="works-map__overlay">{t('baseMap.unavailable')}</div>}
    </div>
  );
}

/** The whole of the points, or China when there are none. */
function fitView(points: readonly MapPoint[]): MapView {
  if (points.length === 0) return CHINA_VIEW;
  const longitudes = points.map((point) => point.longitude);
  const latitudes = points.map((point) => point.latitude);
  const west = Math.min(...longitudes);
  const east = Math.max(...longitudes);
  const south = Math.min(...latitudes);
  const north = Math.max(...latitudes);
  const span = Math.max(east - west, north - south, 0.01);
  // About the zoom at which the span fills a 400-pixel view (512-pixel tiles, 360 degrees).
  const zoom = Math.min(Math.max(Math.log2((400 / 512) * (360 / span)), 1.5), FLY_TO_ZOOM);
  return { longitude: (west + east) / 2, latitude: (south + north) / 2, zoom };
}

/** The HTML markers of the clusters and single points in view, redrawn after each move. */
function useClusterMarkers<T extends MapPoint>(
  baseMap: BaseMap | null,
  points: readonly T[],
  selectedId: string | null,
  latest: { current: { onSelect?: (point: T) => void; pointLabel?: (point: T) => string; points: readonly T[] } },
  clusterLabel: (count: number) => string,
) {
  const label = useRef(clusterLabel);
  label.current = clusterLabel;
  useEffect(() => {
    if (!baseMap) return;
    const { map, library } = baseMap;
    let cancelled = false;
    const markers = new Map<string, Marker>();
    let index: Supercluster<{ index: number }> | null = null;

    const draw = () => {
      if (!index || cancelled) return;
      const zoom = Math.floor(map.getZoom());
      const features: ClusterOrPoint[] = index.getClusters(visibleBox(map), zoom);
      const seen = new Set<string>();
      for (const feature of features) {
        const [longitude, latitude] = feature.geometry.coordinates as [number, number];
        const properties = feature.properties;
        const key =
          'cluster' in properties && properties.cluster ? `c${properties.cluster_id}` : `p${(properties as { index: number }).index}`;
        seen.add(key);
        if (markers.has(key)) continue;
        const element = document.createElement('button');
        element.type = 'button';
        if ('cluster' in properties && properties.cluster) {
          const count = properties.point_count;
          element.className = `works-map__cluster works-map__cluster--${count < 10 ? 's' : count < 100 ? 'm' : 'l'}`;
          element.textContent = String(properties.point_count_abbreviated);
          element.dataset.testid = 'map-cluster';
          element.dataset.count = String(count);
          element.setAttribute('aria-label', label.current(count));
          const clusterId = properties.cluster_id;
          element.addEventListener('click', (event) => {
            event.stopPropagation();
            const target = Math.min(index!.getClusterExpansionZoom(clusterId), CLUSTER_MAX_ZOOM + 1);
            map.easeTo({ center: [longitude, latitude], zoom: target });
          });
        } else {
          const point = latest.current.points[(properties as { index: number }).index]!;
          element.className = 'works-map__point';
          element.dataset.testid = 'map-point';
          element.dataset.id = point.id;
          element.setAttribute('aria-label', latest.current.pointLabel?.(point) ?? point.id);
          element.addEventListener('click', (event) => {
            event.stopPropagation();
            latest.current.onSelect?.(point);
          });
        }
        markers.set(key, new library.Marker({ element }).setLngLat([longitude, latitude]).addTo(map));
      }
      for (const [key, marker] of markers) {
        if (seen.has(key)) continue;
        marker.remove();
        markers.delete(key);
      }
    };

    void import('supercluster').then(({ default: SuperclusterIndex }) => {
      if (cancelled) return;
      index = new SuperclusterIndex<{ index: number }>({ radius: CLUSTER_RADIUS_PX, maxZoom: CLUSTER_MAX_ZOOM, extent: 512 });
      index.load(
        points.map((point, position) => ({
          type: 'Feature',
          properties: { index: position },
          geometry: { type: 'Point', coordinates: [point.longitude, point.latitude] },
        })),
      );
      draw();
    });
    map.on('moveend', draw);
    return () => {
      cancelled = true;
      map.off('moveend', draw);
      for (const marker of markers.values()) marker.remove();
    };
  }, [baseMap, points, latest]);

  useEffect(() => {
    if (!baseMap) return;
    for (const element of baseMap.map.getContainer().querySelectorAll<HTMLElement>('.works-map__point')) {
      element.classList.toggle('works-map__point--selected', element.dataset.id === selectedId);
    }
  });
}

/** The box in view; the globe and wide views take the whole world (a globe's bounds are not a box). */
function visibleBox(map: MapLibreMap): [number, number, number, number] {
  const bounds = map.getBounds();
  const west = bounds.getWest();
  const east = bounds.getEast();
  if (map.getProjection()?.type === 'globe' || east - west >= 360) return [-180, -85, 180, 85];
  return [west, Math.max(bounds.getSouth(), -85), east, Math.min(bounds.getNorth(), 85)];
}
