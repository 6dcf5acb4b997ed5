import { Button, Dialog, Input, TextArea, Toast } from 'antd-mobile';
import { EnvironmentOutline, LocationFill } from 'antd-mobile-icons';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SPACE_ADDRESS_MAX } from '@spatia/contract';
import { useMapSettings } from '../../../api/map-settings';
import { createBaseMap, type BaseMapKind } from '../../../components/maps';
import { countryAt, loadCountries } from '../lib/place-name';
import { formatCoordinates, roundCoordinate, type ChosenPlace } from '../lib/return-path';
import './choose-address.css';

/** Mainland China, seen whole, when no starting point is given. */
const DEFAULT_CENTER = { latitude: 35, longitude: 104 };
/** How close "use my location" and a given starting point show the map (the bundled basemap stops at 10). */
const NEAR_ZOOM = 15;
const GEOLOCATION_TIMEOUT_MS = 15_000;

type MapMode = 'loading' | BaseMapKind | 'unavailable';
interface Point {
  latitude: number;
  longitude: number;
}

interface ChooseAddressPanelProps {
  start: Point | null;
  /** Undefined when there is nowhere to go back to (a bad `return`): Confirm is then off. */
  onConfirm: ((place: ChosenPlace) => void) | undefined;
  onCancel: () => void;
}

/**
 * /chooseAddress's body (docs/space-upload.md): a map under a fixed pin in its middle; the point under the pin is
 * the choice. Below it the coordinates and the country the basemap knows there, a field for the address in the
 * person's words, and Confirm / Cancel. "Use my location" explains itself before the browser asks.
 */
export function ChooseAddressPanel({ start, onConfirm, onCancel }: ChooseAddressPanelProps) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<MapLibreMap | null>(null);
  const initial = useRef(start);
  const [mode, setMode] = useState<MapMode>('loading');
  const [center, setCenter] = useState<Point>(start ?? DEFAULT_CENTER);
  const [country, setCountry] = useState<string | null>(null);
  const [address, setAddress] = useState('');
  const [locating, setLocating] = useState(false);
  const settings = useMapSettings();
  const mapSettings = settings.data ?? (settings.isError ? null : undefined);

  useEffect(() => {
    if (mapSettings === undefined) return;
    let cancelled = false;
    let map: MapLibreMap | null = null;
    void (async () => {
      const first = initial.current;
      try {
        if (!container.current) return;
        const created = await createBaseMap(container.current, {
          settings: mapSettings,
          center: first ? [first.longitude, first.latitude] : [DEFAULT_CENTER.longitude, DEFAULT_CENTER.latitude],
          zoom: first ? NEAR_ZOOM : 3,
          dragRotate: false,
          pitchWithRotate: false,
          onBaseMap: (kind) => {
            if (!cancelled) setMode(kind);
          },
        });
        map = created.map;
      } catch {
        // No WebGL: the number fields below do the job.
        if (!cancelled) setMode('unavailable');
        return;
      }
      if (cancelled) {
        map.remove();
        return;
      }
      mapRef.current = map;
      map.touchZoomRotate.disableRotation();
      const follow = () => {
        const { lat, lng } = map!.getCenter();
        setCenter({ latitude: roundCoordinate(lat), longitude: roundCoordinate(lng) });
      };
      map.on('move', follow);
      follow();
    })();
    return () => {
      cancelled = true;
      map?.remove();
      mapRef.current = null;
    };
  }, [mapSettings]);

  // The country under the pin, once the map rests there.
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      loadCountries().then(
        (countries) => {
          if (current) setCountry(countryAt(countries, center.latitude, center.longitude));
        },
        () => {
          if (current) setCountry(null);
        },
      );
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [center.latitude, center.longitude]);

  const moveTo = (point: Point) => {
    setCenter({ latitude: roundCoordinate(point.latitude), longitude: roundCoordinate(point.longitude) });
    mapRef.current?.jumpTo({ center: [point.longitude, point.latitude], zoom: NEAR_ZOOM });
  };

  const locateMe = async () => {
    if (!('geolocation' in navigator)) {
      Toast.show({ content: t('chooseAddress.location.unsupported') });
      return;
    }
    const agreed = await Dialog.confirm({
      title: t('chooseAddress.location.title'),
      content: t('chooseAddress.location.why'),
      confirmText: t('chooseAddress.location.allow'),
      cancelText: t('chooseAddress.location.notNow'),
    });
    if (!agreed) return;
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        moveTo({ latitude: position.coords.latitude, longitude: position.coords.longitude });
      },
      (error) => {
        setLocating(false);
        Toast.show({
          content: error.code === error.PERMISSION_DENIED ? t('chooseAddress.location.denied') : t('chooseAddress.location.failed'),
        });
      },
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  };

  const coordinates = formatCoordinates(center);
  const confirm = () => {
    const typed = address.trim();
    onConfirm?.({ ...center, address: typed || (country ? `${country} ${coordinates}` : coordinates) });
  };

  return (
    <div className="ca-page" data-testid="choose-address" data-mode={mode}>
      <div className="ca-map">
        {mode !== 'unavailable' && (
          <>
            <div
              ref={container}
              className="ca-map__canvas"
              data-testid="choose-address-map"
              role="application"
              aria-label={t('chooseAddress.mapLabel')}
            />
            <div className="ca-map__pin" aria-hidden>
              <LocationFill />
            </div>
            {mode === 'loading' && <div className="ca-map__loading">{t('chooseAddress.loading')}</div>}
          </>
        )}
        {mode === 'unavailable' && <CoordinateFields value={center} onChange={(point) => setCenter(point)} />}
        <Button
          className="ca-map__locate"
          shape="rounded"
          onClick={() => void locateMe()}
          loading={locating}
          data-testid="choose-address-locate"
        >
          <EnvironmentOutline aria-hidden /> {t('chooseAddress.location.button')}
        </Button>
      </div>
      <section className="ca-sheet">
        <p className="ca-sheet__where" data-testid="choose-address-readout" data-lat={center.latitude} data-lng={center.longitude}>
          <span className="ca-sheet__coords">{coordinates}</span>
          {country && <span className="ca-sheet__country"> · {t('chooseAddress.inCountry', { country })}</span>}
        </p>
        <label className="ca-sheet__label" htmlFor="choose-address-text">
          {t('chooseAddress.addressLabel')}
        </label>
        <TextArea
          id="choose-address-text"
          value={address}
          onChange={setAddress}
          placeholder={t('chooseAddress.addressPlaceholder')}
          maxLength={SPACE_ADDRESS_MAX}
          showCount
          autoSize={{ minRows: 1, maxRows: 3 }}
          className="ca-sheet__input"
          data-testid="choose-address-text"
        />
        <p className="ca-sheet__hint">{t('chooseAddress.offlineHint')}</p>
        <div className="ca-sheet__actions">
          <Button size="large" onClick={onCancel} className="ca-sheet__button" data-testid="choose-address-cancel">
            {t('chooseAddress.cancel')}
          </Button>
          <Button
            size="large"
            color="primary"
            onClick={confirm}
            disabled={!onConfirm}
            className="ca-sheet__button"
            data-testid="choose-address-confirm"
          >
            {t('chooseAddress.confirm')}
          </Button>
        </div>
      </section>
    </div>
  );
}

/** Where no map can be drawn (no WebGL): the numbers themselves. */
function CoordinateFields({ value, onChange }: { value: Point; onChange: (point: Point) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ latitude: String(value.latitude), longitude: String(value.longitude) });
  useEffect(() => setDraft({ latitude: String(value.latitude), longitude: String(value.longitude) }), [value.latitude, value.longitude]);
  const update = (axis: 'latitude' | 'longitude', text: string) => {
    const next = { ...draft, [axis]: text };
    setDraft(next);
    const latitude = Number(next.latitude);
    const longitude = Number(next.longitude);
    if (next.latitude.trim() && next.longitude.trim() && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)
      onChange({ latitude, longitude });
  };
  return (
    <div className="ca-fields">
      <p>{t('chooseAddress.noMap')}</p>
      {(['latitude', 'longitude'] as const).map((axis) => (
        <label key={axis} className="ca-fields__row">
          <span>{t(`chooseAddress.${axis}`)}</span>
          <Input
            type="number"
            inputMode="decimal"
            value={draft[axis]}
            onChange={(text) => update(axis, text)}
            data-testid={`choose-address-${axis}`}
          />
        </label>
      ))}
    </div>
  );
}
