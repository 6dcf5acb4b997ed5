import { AimOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { Button, InputNumber, Space, Typography } from 'antd';
import type * as MapLibre from 'maplibre-gl';
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMapSettings } from '../../../api/map-settings';
import { createBaseMap, type BaseMap, type BaseMapKind } from '../../../components/maps';
import type { WorkLocation } from '../api/update-work';

const MARKER_COLOR = '#2f54eb';
/** Mainland China, seen whole, when the work has no location yet. */
const DEFAULT_CENTER: [number, number] = [104, 35];

/** `operator`: the tile service set in the back office; `bundled`: the basemap shipped in the build. */
type MapMode = 'loading' | BaseMapKind | 'unavailable';

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

/**
 * Click the map or drag the marker to set the work's position; type exact numbers below it. The map
 * is the site's base map (docs/map.md): the operator's tile service, or the Natural Earth basemap
 * bundled in the build when none is set or it cannot be reached; where WebGL is missing only the
 * number fields remain.
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
  const initialValue = useRef(value);
  const settings = useMapSettings();
  // Undefined while the setting is on its way; null when it could not be had (the bundled map, then).
  const mapSettings = settings.data ?? (settings.isError ? null : undefined);

  useEffect(() => {
    if (mapSettings === undefined) return;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    void (async () => {
      const start = initialValue.current;
      let created: BaseMap;
      try {
        if (!container.current) return;
        created = await createBaseMap(container.current, {
          settings: mapSettings,
          center: start ? [start.longitude, start.latitude] : DEFAULT_CENTER,
          zoom: start ? 9 : 2.5,
          dragRotate: false,
          pitchWithRotate: false,
          onBaseMap: (kind) => {
            if (!cancelled) setMode(kind);
          },
        });
      } catch {
        // No WebGL (old hardware, locked-down browser): the number fields still do the job.
        if (!cancelled) setMode('unavailable');
        return;
      }
      map = created.map;
      if (cancelled) {
        map.remove();
        return;
      }
      libraryRef.current = created.library;
      mapRef.current = map;
      map.touchZoomRotate.disableRotation();
      map.addControl(new created.library.NavigationControl({ showCompass: false }), 'top-right');
      map.on('click', (event) => {
        if (latest.current.disabled) return;
        latest.current.onChange({ latitude: round6(event.lngLat.lat), longitude: round6(event.lngLat.lng) });
      });
      map.on('mousemove', (event) => setPointer({ latitude: event.lngLat.lat, longitude: event.lngLat.lng }));
      map.on('mouseout', () => setPointer(null));
    })();
    return () => {
      cancelled = true;
      markerRef.current?.remove();
      markerRef.current = null;
      map?.remove();
      mapRef.current = null;
    };
  }, [mapSettings]);

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
          {pointer && mode !== 'loading' && <div className="map-picker__pointer">{formatCoordinates(pointer)}</div>}
        </div>
      )}
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
