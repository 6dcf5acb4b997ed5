import { AimOutlined, CloseCircleOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space, Typography } from 'antd';
import type * as MapLibre from 'maplibre-gl';
import type { Map as MapLibreMap, Marker, StyleSpecification } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteConfig } from '@spatia/contract';
import { useSiteConfig } from '../../../api/site-config';
import type { WorkLocation } from '../api/update-work';

/** Past this without a single tile the tile server counts as unreachable and the offline grid is shown instead. */
const TILE_TIMEOUT_MS = 8_000;
const BASE_MAP_SOURCE = 'base-map';
const MARKER_COLOR = '#2f54eb';
/** Mainland China, seen whole, when the work has no location yet. */
const DEFAULT_CENTER: [number, number] = [104, 35];

type MapMode = 'loading' | 'online' | 'offline' | 'unavailable';

interface MapPickerProps {
  value: WorkLocation | null;
  onChange: (value: WorkLocation | null) => void;
  disabled?: boolean;
}

/** "31.2304° N, 121.4737° E" */
export function formatCoordinates({ latitude, longitude }: WorkLocation): string {
  const lat = `${Math.abs(latitude).toFixed(4)}° ${latitude >= 0 ? 'N' : 'S'}`;
  const lng = `${Math.abs(longitude).toFixed(4)}° ${longitude >= 0 ? 'E' : 'W'}`;
  return `${lat}, ${lng}`;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Grid spacings in tenths of a degree and the zoom from which each is drawn. */
const GRIDS = [
  { tenths: 100, minzoom: 0 },
  { tenths: 10, minzoom: 4 },
  { tenths: 1, minzoom: 7 },
] as const;
const MAX_LATITUDE = 85;

/**
 * Meridians and parallels every `tenths` / 10 degrees (straight lines in Web Mercator: two points
 * each), counted in integers so that 0.1° steps do not drift.
 */
function graticule(tenths: number) {
  const line = (from: number[], to: number[], axis: boolean) => ({
    type: 'Feature' as const,
    properties: { axis },
    geometry: { type: 'LineString' as const, coordinates: [from, to] },
  });
  const features: ReturnType<typeof line>[] = [];
  for (let index = -1800; index <= 1800; index += tenths) {
    features.push(line([index / 10, -MAX_LATITUDE], [index / 10, MAX_LATITUDE], index === 0));
  }
  for (let index = -MAX_LATITUDE * 10; index <= MAX_LATITUDE * 10; index += tenths) {
    features.push(line([-180, index / 10], [180, index / 10], index === 0));
  }
  return { type: 'FeatureCollection' as const, features };
}

interface GridLabel {
  key: string;
  text: string;
  /** Pixels from the left (meridians) or from the top (parallels). */
  at: number;
  axis: 'x' | 'y';
}

/** Label spacings to choose from, in tenths of a degree; each falls on a drawn line. */
const LABEL_STEPS = [300, 100, 50, 20, 10, 5, 2, 1];
const MIN_LABEL_GAP_PX = 72;

function degreeText(value: number, positive: string, negative: string, decimals: number): string {
  if (Math.abs(value) < 1e-9) return '0°';
  return `${Math.abs(value).toFixed(decimals)}°${value > 0 ? positive : negative}`;
}

/** Labels for the grid lines in view, spaced so that they do not crowd each other. */
function gridLabels(map: MapLibreMap): GridLabel[] {
  const zoom = map.getZoom();
  const pixelsPerDegree = (512 * 2 ** zoom) / 360;
  const finest = GRIDS.filter((grid) => zoom >= grid.minzoom).at(-1)?.tenths ?? 100;
  const step =
    LABEL_STEPS.find((candidate) => candidate % finest === 0 && (candidate / 10) * pixelsPerDegree >= MIN_LABEL_GAP_PX) ?? LABEL_STEPS[0]!;
  const bounds = map.getBounds();
  const center = bounds.getCenter();
  const decimals = step < 10 ? 1 : 0;
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  // Keep clear of the corners: the offline badge (top left) and where the two label rows meet.
  const fits = (label: GridLabel) =>
    label.axis === 'x' ? label.at > 44 && label.at < width - 16 : label.at > 44 && label.at < height - 24;
  const labels: GridLabel[] = [];
  for (let index = Math.ceil((bounds.getWest() * 10) / step) * step; index <= bounds.getEast() * 10; index += step) {
    const longitude = index / 10;
    if (longitude < -180 || longitude > 180) continue;
    labels.push({
      key: `x${index}`,
      text: degreeText(longitude, 'E', 'W', decimals),
      at: map.project([longitude, center.lat]).x,
      axis: 'x',
    });
  }
  for (let index = Math.ceil((bounds.getSouth() * 10) / step) * step; index <= bounds.getNorth() * 10; index += step) {
    const latitude = index / 10;
    if (Math.abs(latitude) > MAX_LATITUDE) continue;
    labels.push({ key: `y${index}`, text: degreeText(latitude, 'N', 'S', decimals), at: map.project([center.lng, latitude]).y, axis: 'y' });
  }
  return labels.filter(fits);
}

/**
 * What the map shows when no tiles can be had (no internet, blocked host): a sea-coloured plane with
 * a 10° grid, 1° from zoom 4 and 0.1° from zoom 7, the equator and the prime meridian drawn
 * stronger; labels come from `gridLabels`. Nothing is fetched.
 */
export function offlineMapStyle(): StyleSpecification {
  return {
    version: 8,
    sources: Object.fromEntries(GRIDS.map((grid) => [`grid-${grid.tenths}`, { type: 'geojson', data: graticule(grid.tenths) }])),
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#eef3f9' } },
      ...[...GRIDS].reverse().map((grid, index) => ({
        id: `grid-${grid.tenths}`,
        type: 'line' as const,
        source: `grid-${grid.tenths}`,
        minzoom: grid.minzoom,
        paint: { 'line-color': ['#e0e7f0', '#d3dce8', '#c3d0e0'][index]!, 'line-width': 1 },
      })),
      {
        id: 'grid-axes',
        type: 'line',
        source: 'grid-100',
        filter: ['==', ['get', 'axis'], true],
        paint: { 'line-color': '#8ea3bf', 'line-width': 1.5 },
      },
    ],
  };
}

/** The operator's raster tiles (MAP_TILE_URL of the site config) as a MapLibre style. */
export function tileMapStyle({ tileUrl, attribution }: SiteConfig['map']): StyleSpecification {
  return {
    version: 8,
    sources: { [BASE_MAP_SOURCE]: { type: 'raster', tiles: [tileUrl], tileSize: 256, maxzoom: 19, attribution } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#eef3f9' } },
      { id: BASE_MAP_SOURCE, type: 'raster', source: BASE_MAP_SOURCE },
    ],
  };
}

/**
 * Click the map or drag the marker to set the work's position; type exact numbers below it. The map
 * is the operator's tile server (MAP_TILE_URL). Works offline: when no tile can be loaded, a coordinate grid replaces the map and says
 * so, and where WebGL is missing only the number fields remain.
 */
export function MapPicker({ value, onChange, disabled = false }: MapPickerProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const markerRef = useRef<Marker | null>(null);
  const libraryRef = useRef<typeof MapLibre | null>(null);
  const latest = useRef({ onChange, disabled });
  latest.current = { onChange, disabled };
  const [mode, setMode] = useState<MapMode>('loading');
  const [pointer, setPointer] = useState<WorkLocation | null>(null);
  const [labels, setLabels] = useState<GridLabel[]>([]);
  const initialValue = useRef(value);
  const site = useSiteConfig();
  // Undefined while the site config is on its way; null when it could not be had (the grid, then).
  const baseMap = site.data?.map ?? (site.isError ? null : undefined);

  useEffect(() => {
    if (baseMap === undefined) return;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    void (async () => {
      const library = await import('maplibre-gl');
      await import('maplibre-gl/dist/maplibre-gl.css');
      if (cancelled || !container.current) return;
      libraryRef.current = library;
      const start = initialValue.current;
      const online = baseMap !== null;
      try {
        map = new library.Map({
          container: container.current,
          style: online ? tileMapStyle(baseMap) : offlineMapStyle(),
          // Public tile servers (OpenStreetMap's among them) refuse tiles without a Referer, which the site's own policy leaves out.
          transformRequest: (url, resourceType) =>
            resourceType === 'Tile' ? { url, referrerPolicy: 'strict-origin-when-cross-origin' } : undefined,
          center: start ? [start.longitude, start.latitude] : DEFAULT_CENTER,
          zoom: start ? (online ? 12 : 6) : online ? 2.5 : 2,
          maxZoom: online ? 19 : 9,
          attributionControl: online ? { compact: true } : false,
          dragRotate: false,
          pitchWithRotate: false,
          cooperativeGestures: false,
        });
      } catch {
        // No WebGL (old hardware, locked-down browser): the number fields still do the job.
        setMode('unavailable');
        return;
      }
      mapRef.current = map;
      map.touchZoomRotate.disableRotation();
      map.addControl(new library.NavigationControl({ showCompass: false }), 'top-right');
      map.on('click', (event) => {
        if (latest.current.disabled) return;
        latest.current.onChange({ latitude: round6(event.lngLat.lat), longitude: round6(event.lngLat.lng) });
      });
      map.on('mousemove', (event) => setPointer({ latitude: event.lngLat.lat, longitude: event.lngLat.lng }));
      map.on('mouseout', () => setPointer(null));
      let labelFrame = 0;
      const labelGrid = () => {
        if (labelFrame) return;
        labelFrame = requestAnimationFrame(() => {
          labelFrame = 0;
          if (map) setLabels(gridLabels(map));
        });
      };
      const goOffline = () => {
        map?.on('move', labelGrid);
        map?.on('resize', labelGrid);
        labelGrid();
        setMode('offline');
      };
      if (online) {
        // Online once the first tile arrives. Until then a failure (no internet, a firewall, a host the
        // browser refuses) or a long silence falls back to the grid, once and visibly; later failures
        // (a tile past the server's zoom range, a flaky line) leave the map as it is.
        let settled = false;
        const fallBack = () => {
          if (settled || !map) return;
          settled = true;
          map.setStyle(offlineMapStyle());
          map.setMaxZoom(9);
          goOffline();
        };
        const timer = setTimeout(fallBack, TILE_TIMEOUT_MS);
        map.on('remove', () => clearTimeout(timer));
        map.on('error', fallBack);
        map.on('sourcedata', (event) => {
          if (settled || event.sourceId !== BASE_MAP_SOURCE || !event.tile) return;
          settled = true;
          clearTimeout(timer);
          setMode('online');
        });
      } else {
        goOffline();
      }
    })();
    return () => {
      cancelled = true;
      markerRef.current?.remove();
      markerRef.current = null;
      map?.remove();
      mapRef.current = null;
    };
  }, [baseMap]);

  // The marker follows the value, whichever way it was set.
  useEffect(() => {
    const map = mapRef.current;
    const library = libraryRef.current;
    if (!map || !library) return;
    if (!value) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const position: [number, number] = [value.longitude, value.latitude];
    if (!markerRef.current) {
      const marker = new library.Marker({ color: MARKER_COLOR, draggable: !disabled }).setLngLat(position).addTo(map);
      marker.on('dragend', () => {
        const { lat, lng } = marker.getLngLat();
        latest.current.onChange({ latitude: round6(lat), longitude: round6(lng) });
      });
      marker.getElement().setAttribute('data-testid', 'map-marker');
      markerRef.current = marker;
    } else {
      markerRef.current.setLngLat(position);
      markerRef.current.setDraggable(!disabled);
    }
    if (!map.getBounds().contains(position)) map.easeTo({ center: position });
  }, [value, disabled, mode]);

  return (
    <div className="map-picker" data-testid="map-picker" data-mode={mode}>
      {mode !== 'unavailable' && (
        <div className={`map-picker__frame${disabled ? ' map-picker__frame--disabled' : ''}`}>
          <div
            ref={container}
            className="map-picker__map"
            data-testid="map-canvas"
            aria-label={t('workEdit.map.label')}
            role="application"
          />
          {mode === 'loading' && <div className="map-picker__loading">{t('workEdit.map.loading')}</div>}
          {mode === 'offline' && (
            <div className="map-picker__badge" data-testid="map-offline">
              <InfoCircleOutlined aria-hidden /> {t('workEdit.map.offlineBadge')}
            </div>
          )}
          {mode === 'offline' &&
            labels.map((label) => (
              <span
                key={label.key}
                className={`map-picker__grid-label map-picker__grid-label--${label.axis}`}
                style={label.axis === 'x' ? { left: label.at } : { top: label.at }}
                aria-hidden
              >
                {label.text}
              </span>
            ))}
          {pointer && mode !== 'loading' && <div className="map-picker__pointer">{formatCoordinates(pointer)}</div>}
        </div>
      )}
      {mode === 'offline' && <p className="map-picker__note">{t('workEdit.map.offlineNote')}</p>}
      {mode === 'unavailable' && <p className="map-picker__note">{t('workEdit.map.unavailable')}</p>}
      <CoordinateInputs value={value} onChange={onChange} disabled={disabled} />
    </div>
  );
}

/** The exact numbers, for people who have them and where no map can be drawn. */
/** The two fields of the coordinate form, with the range each accepts. */
const COORDINATE_AXES = [
  { axis: 'latitude', limit: 90 },
  { axis: 'longitude', limit: 180 },
] as const;

function CoordinateInputs({ value, onChange, disabled }: MapPickerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<{ latitude: number | null; longitude: number | null }>({
    latitude: value?.latitude ?? null,
    longitude: value?.longitude ?? null,
  });

  useEffect(() => {
    setDraft({ latitude: value?.latitude ?? null, longitude: value?.longitude ?? null });
  }, [value]);

  const update = (next: { latitude: number | null; longitude: number | null }) => {
    setDraft(next);
    if (next.latitude !== null && next.longitude !== null) onChange({ latitude: next.latitude, longitude: next.longitude });
  };
  const partial = (draft.latitude === null) !== (draft.longitude === null);

  return (
    <div className="map-picker__coordinates">
      <Space wrap size={[12, 8]} align="center">
        {COORDINATE_AXES.map(({ axis, limit }) => (
          <Space.Compact key={axis}>
            <Space.Addon>{t(`workEdit.map.${axis}`)}</Space.Addon>
            <InputNumber
              value={draft[axis]}
              min={-limit}
              max={limit}
              step={0.0001}
              precision={6}
              disabled={disabled}
              aria-label={t(`workEdit.map.${axis}`)}
              onChange={(given) => update({ ...draft, [axis]: typeof given === 'number' ? given : null })}
              className="map-picker__number"
              data-testid={`map-${axis}`}
            />
          </Space.Compact>
        ))}
        <Button icon={<CloseCircleOutlined />} onClick={() => onChange(null)} disabled={disabled || !value} data-testid="map-clear">
          {t('workEdit.map.clear')}
        </Button>
      </Space>
      <Typography.Text type={partial ? 'warning' : 'secondary'} className="map-picker__readout" data-testid="map-readout">
        <AimOutlined aria-hidden /> {partial ? t('workEdit.map.needBoth') : value ? formatCoordinates(value) : t('workEdit.map.none')}
      </Typography.Text>
    </div>
  );
}
