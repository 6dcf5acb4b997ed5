import { AimOutlined, CloseCircleOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  boundsOf,
  projection,
  provinceAt,
  ringsToPath,
  unpackChinaGeo,
  viewBoxOf,
  type PackedChinaGeo,
  type ProvinceShape,
} from '../lib/china-geo';
import './china-map-picker.css';

export interface MapPoint {
  lat: number;
  lng: number;
}

interface ChinaMapPickerProps {
  value: MapPoint | null;
  /** The point picked (null: cleared) and the GB/T 2260 code of the province it lies in (null at sea). */
  onChange: (point: MapPoint | null, provinceCode: string | null) => void;
  /** The province chosen elsewhere (a select): highlighted, and the map zooms to it. */
  focusProvince?: string | null;
  /** A province's name in the page's language; the data's Chinese name otherwise. */
  provinceLabel?: (code: string) => string | undefined;
  disabled?: boolean;
}

const PROJECTION = projection(35);

/** The boundaries load once per page: a chunk of about 60 kB, fetched the first time a map is drawn. */
let provincesPromise: Promise<ProvinceShape[]> | null = null;
function loadProvinces(): Promise<ProvinceShape[]> {
  provincesPromise ??= import('echarts/map/json/china.json').then((module) =>
    unpackChinaGeo((module as { default: unknown }).default as PackedChinaGeo),
  );
  provincesPromise.catch(() => {
    provincesPromise = null;
  });
  return provincesPromise;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** "31.2304° N, 121.4737° E" */
export function formatPoint({ lat, lng }: MapPoint): string {
  return `${Math.abs(lat).toFixed(4)}° ${lat >= 0 ? 'N' : 'S'}, ${Math.abs(lng).toFixed(4)}° ${lng >= 0 ? 'E' : 'W'}`;
}

/**
 * A point picker on China's province boundaries, drawn as SVG from data shipped in the build: it needs no
 * tile server, so it works offline (docs/web.md "Service orders"). Clicking picks a point and tells the
 * province it lies in; the focused map moves the point with the arrow keys (Shift for bigger steps).
 */
export function ChinaMapPicker({ value, onChange, focusProvince = null, provinceLabel, disabled = false }: ChinaMapPickerProps) {
  const { t } = useTranslation();
  const [provinces, setProvinces] = useState<ProvinceShape[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [zoom, setZoom] = useState<string | null>(focusProvince);
  const svgRef = useRef<SVGSVGElement>(null);

  useEffect(() => {
    let live = true;
    loadProvinces().then(
      (loaded) => live && setProvinces(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => setZoom(focusProvince), [focusProvince]);

  const paths = useMemo(
    () => provinces?.map((province) => ({ code: province.code, name: province.name, d: ringsToPath(province.rings, PROJECTION.toXY) })),
    [provinces],
  );
  const countryBounds = useMemo(() => (provinces ? boundsOf(provinces.flatMap((province) => province.rings)) : null), [provinces]);
  const zoomed = provinces?.find((province) => province.code === zoom) ?? null;
  const viewBounds = zoomed?.bounds ?? countryBounds;
  const viewBox = viewBounds ? viewBoxOf(viewBounds, PROJECTION.toXY, zoomed ? 0.3 : 0.5) : '0 0 1 1';
  const viewWidth = Number(viewBox.split(' ')[2]);

  const nameOf = (code: string | null) => {
    if (!code) return undefined;
    return provinceLabel?.(code) ?? provinces?.find((province) => province.code === code)?.name;
  };
  const pickedProvince = value && provinces ? provinceAt(provinces, value.lng, value.lat) : null;

  const pick = (lng: number, lat: number) => {
    if (disabled || !provinces) return;
    const point = { lat: round6(lat), lng: round6(lng) };
    onChange(point, provinceAt(provinces, point.lng, point.lat)?.code ?? null);
  };

  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    const svg = svgRef.current;
    const matrix = svg?.getScreenCTM?.();
    if (!svg || !matrix) return;
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const [lng, lat] = PROJECTION.toLngLat(at.x, at.y);
    pick(lng, lat);
  };

  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const move = moves[event.key];
    if (!move || !viewBounds) return;
    event.preventDefault();
    // A step is one fiftieth of the view (a tenth with Shift).
    const step = ((viewBounds[2] - viewBounds[0]) / 50) * (event.shiftKey ? 5 : 1);
    const start = value ?? { lng: (viewBounds[0] + viewBounds[2]) / 2, lat: (viewBounds[1] + viewBounds[3]) / 2 };
    pick(start.lng + move[0] * step, start.lat + move[1] * step);
  };

  const marker = value ? PROJECTION.toXY(value.lng, value.lat) : null;
  const pickedName = nameOf(pickedProvince?.code ?? null);

  return (
    <div className={`china-map${disabled ? ' china-map--disabled' : ''}`} data-testid="china-map">
      <div className="china-map__frame">
        {failed ? (
          <p className="china-map__note" role="status">
            {t('chinaMap.failed')}
          </p>
        ) : !paths ? (
          <p className="china-map__note" role="status">
            {t('chinaMap.loading')}
          </p>
        ) : (
          <svg
            ref={svgRef}
            className="china-map__svg"
            viewBox={viewBox}
            preserveAspectRatio="xMidYMid meet"
            role="application"
            aria-label={t('chinaMap.label')}
            aria-disabled={disabled}
            tabIndex={disabled ? -1 : 0}
            onClick={onClick}
            onKeyDown={onKeyDown}
            data-testid="china-map-svg"
          >
            {paths.map((path) => (
              <path
                key={path.code}
                d={path.d}
                fillRule="evenodd"
                className={`china-map__province${path.code === (focusProvince ?? pickedProvince?.code) ? ' china-map__province--active' : ''}`}
                data-code={path.code}
              >
                <title>{nameOf(path.code) ?? path.name}</title>
              </path>
            ))}
            {marker && (
              <circle cx={marker[0]} cy={marker[1]} r={viewWidth * 0.012} className="china-map__marker" data-testid="china-map-marker" />
            )}
          </svg>
        )}
      </div>
      <div className="china-map__bar">
        <Typography.Text type="secondary" className="china-map__status" aria-live="polite" data-testid="china-map-status">
          {value
            ? pickedName
              ? t('chinaMap.pickedIn', { coordinates: formatPoint(value), province: pickedName })
              : `${t('chinaMap.picked', { coordinates: formatPoint(value) })} ${provinces ? t('chinaMap.outside') : ''}`
            : t('chinaMap.help')}
        </Typography.Text>
        <Space size={4} wrap>
          {zoom && (
            <Button size="small" icon={<AimOutlined />} onClick={() => setZoom(null)}>
              {t('chinaMap.wholeCountry')}
            </Button>
          )}
          {value && !disabled && (
            <Button size="small" icon={<CloseCircleOutlined />} onClick={() => onChange(null, null)} data-testid="china-map-clear">
              {t('chinaMap.clear')}
            </Button>
          )}
        </Space>
      </div>
    </div>
  );
}
