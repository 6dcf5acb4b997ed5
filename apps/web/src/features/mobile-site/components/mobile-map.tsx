import { Dialog, FloatingPanel, List, Toast, type FloatingPanelRef } from 'antd-mobile';
import { LocationFill, PictureOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WorksMap } from '../../../components/maps';
import { MobileState } from '../../../components/mobile-state';
import { usePersonName } from '../../../lib/person-name';
import type { MapWork } from '@spatia/contract';
import './mobile-site.css';

type Bounds = [west: number, south: number, east: number, north: number];

/** A work on the map: its uid is the point's id (the map feature's points). */
export type MobileMapWork = MapWork & { id: string };

interface MobileMapProps {
  /** The works with a location (GET /open/map/works), null while they load. */
  points: readonly MobileMapWork[] | null;
  /** More works lie on the map than the server sends (its newest MAP_WORKS_LIMIT). */
  truncated: boolean;
  failed: boolean;
}

/** The tab bar's height when it cannot be measured (its items are 50 px high, plus its border). */
const TAB_BAR_FALLBACK_PX = 51;
/** The panel's lowest stop above the tab bar: its handle and the count of works in view (mobile-site.css: .m-map__locate). */
const PANEL_PEEK_PX = 84;
/** The most works the panel lists at once (the map still draws them all). */
const LIST_MAX = 100;

function inBounds(work: MobileMapWork, [west, south, east, north]: Bounds): boolean {
  if (work.latitude < south || work.latitude > north) return false;
  // A view across the antimeridian has its west edge east of its east edge.
  return west <= east ? work.longitude >= west && work.longitude <= east : work.longitude >= west || work.longitude <= east;
}

/** The panel's stops: peeking above the tab bar, half the map, most of it. */
function panelAnchors(tabBar: number): number[] {
  const between = window.innerHeight - 48 - tabBar;
  return [tabBar + PANEL_PEEK_PX, tabBar + Math.round(between * 0.45), tabBar + Math.round(between * 0.82)];
}

/**
 * /mobile/map's body: the works with a location on the site's map, full height between the bars; a bottom sheet
 * lists the works in view (drag it up for more; a point on the map brings its work to the top), and "locate me"
 * moves the map to the phone's position after saying why it asks.
 */
export function MobileMap({ points, truncated, failed }: MobileMapProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const personName = usePersonName();
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const [selected, setSelected] = useState<MobileMapWork | null>(null);
  const [flyTo, setFlyTo] = useState<{ longitude: number; latitude: number } | null>(null);
  const [anchors, setAnchors] = useState(() => panelAnchors(TAB_BAR_FALLBACK_PX));
  const panel = useRef<FloatingPanelRef>(null);
  const [raised, setRaised] = useState(false);

  useEffect(() => {
    const measure = () =>
      setAnchors(panelAnchors(document.querySelector('.m-tab-bar')?.getBoundingClientRect().height || TAB_BAR_FALLBACK_PX));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  const inView = useMemo(() => {
    if (!points) return [];
    const visible = bounds ? points.filter((work) => inBounds(work, bounds)) : points;
    // The chosen work first, then the rest as the server ordered them (newest first).
    return selected ? [selected, ...visible.filter((work) => work.id !== selected.id)] : visible;
  }, [points, bounds, selected]);

  const locate = async () => {
    if (!('geolocation' in navigator)) {
      Toast.show({ content: t('mobileSite.map.locateUnsupported') });
      return;
    }
    const go = await Dialog.confirm({
      title: t('mobileSite.map.locateTitle'),
      content: t('mobileSite.map.locateReason'),
      confirmText: t('mobileSite.map.locateAllow'),
      cancelText: t('mobileSite.map.locateCancel'),
    });
    if (!go) return;
    navigator.geolocation.getCurrentPosition(
      (position) => setFlyTo({ longitude: position.coords.longitude, latitude: position.coords.latitude }),
      (error) =>
        Toast.show({
          content: error.code === error.PERMISSION_DENIED ? t('mobileSite.map.locateDenied') : t('mobileSite.map.locateFailed'),
        }),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  };

  return (
    <div className="m-map" data-testid="mobile-map">
      <div className="m-map__stage">
        {points === null ? (
          failed ? (
            <MobileState kind="failed" className="m-map__failed" title={t('mobileSite.map.failed')} />
          ) : (
            <p className="m-map__state">{t('mobileSite.map.loading')}</p>
          )
        ) : (
          <WorksMap
            points={points}
            onSelect={(work) => {
              setSelected(work);
              panel.current?.setHeight(anchors[1]!);
            }}
            selectedId={selected?.id ?? null}
            flyTo={flyTo}
            onViewChange={({ bounds: next }) => setBounds(next)}
            pointLabel={(work) => work.name}
          />
        )}
        <button
          type="button"
          className="m-map__locate"
          onClick={() => void locate()}
          aria-label={t('mobileSite.map.locate')}
          data-testid="mobile-map-locate"
        >
          <LocationFill aria-hidden />
        </button>
      </div>
      <FloatingPanel
        ref={panel}
        anchors={anchors}
        onHeightChange={(height) => setRaised(height > anchors[0]! + 8)}
        className="m-map__panel"
        data-testid="mobile-map-panel"
      >
        {/* Dragging is not the only way: a tap on the count raises the sheet to half the map, or lowers it. */}
        <button
          type="button"
          className="m-map__count"
          aria-expanded={raised}
          onClick={() => panel.current?.setHeight(raised ? anchors[0]! : anchors[1]!)}
          data-testid="mobile-map-count"
        >
          <span aria-live="polite">{t('mobileSite.map.inView', { count: inView.length })}</span>
          {truncated && <span className="m-map__note">{t('mobileSite.map.truncated')}</span>}
        </button>
        {points !== null && inView.length === 0 ? (
          <p className="m-map__empty">{t('mobileSite.map.noneInView')}</p>
        ) : (
          <List className="m-map__list">
            {inView.slice(0, LIST_MAX).map((work) => (
              <List.Item
                key={work.id}
                className={work.id === selected?.id ? 'm-map__item m-map__item--selected' : 'm-map__item'}
                prefix={
                  <span className="m-map__cover" aria-hidden>
                    {work.coverUrl ? <img src={work.coverUrl} alt="" loading="lazy" /> : <PictureOutline />}
                  </span>
                }
                description={`${t(`mobileSite.type.${work.type}`)} · ${t('mobileSite.work.by', { name: personName(work.author.name || work.author.uid) })}`}
                onClick={() => void navigate(`/details/${encodeURIComponent(work.uid)}`)}
                arrowIcon
                data-testid="mobile-map-work"
                data-uid={work.uid}
              >
                {work.name}
              </List.Item>
            ))}
          </List>
        )}
      </FloatingPanel>
    </div>
  );
}
