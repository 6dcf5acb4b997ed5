import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Empty, Spin } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { WorksMap } from '../../../components/maps';
import { toPoints, useMapWorks, type MapWorkPoint } from '../api/get-map-works';
import { MapWorkCard } from './map-work-card';
import './map.css';

/** The globe seen whole, from above Asia. */
const GLOBE_VIEW = { longitude: 105, latitude: 25, zoom: 1.2 };
const FLY_ZOOM = 13;

/**
 * /earthvr: the works with a location on a globe, and a strip of them; choosing one flies the camera
 * to it and offers its panorama. The chosen work is in the address (`?work=`), so coming back (or a
 * shared link) finds the globe where it was.
 */
export function WorksOnGlobe() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const works = useMapWorks(undefined);
  const points = useMemo(() => (works.data ? toPoints(works.data.works) : null), [works.data]);
  const selectedUid = params.get('work');
  const selected = points?.find((point) => point.id === selectedUid) ?? null;
  const flyTo = useMemo(
    () => (selected ? { longitude: selected.longitude, latitude: selected.latitude, zoom: FLY_ZOOM } : null),
    [selected],
  );
  const choose = (work: MapWorkPoint | null) => {
    const next = new URLSearchParams(params);
    if (work) next.set('work', work.uid);
    else next.delete('work');
    setParams(next, { replace: true });
  };

  return (
    <div className="globe-page" data-testid="globe-page">
      <header className="globe-page__bar">
        <Link to="/" className="globe-page__back" aria-label={t('map.home')}>
          <ArrowLeftOutlined aria-hidden />
        </Link>
        <h1 className="globe-page__title">{t('map.globeTitle')}</h1>
      </header>
      <div className="globe-page__stage">
        {points === null ? (
          <div className="map-page__state">
            <Spin />
          </div>
        ) : (
          <WorksMap
            points={points}
            projection="globe"
            initialView={GLOBE_VIEW}
            flyTo={flyTo}
            onSelect={choose}
            selectedId={selectedUid}
            pointLabel={(work) => work.name}
          />
        )}
        {selected && (
          <MapWorkCard
            work={selected}
            onClose={() => choose(null)}
            action={
              <Link to={`/details/${encodeURIComponent(selected.uid)}`} data-testid="globe-enter">
                <Button type="primary" icon={<EyeOutlined />} tabIndex={-1}>
                  {t('map.enter')}
                </Button>
              </Link>
            }
          />
        )}
      </div>
      {points && points.length === 0 && (
        <div className="globe-page__empty" data-testid="map-empty">
          <Empty description={t('map.emptyAll')} />
        </div>
      )}
      {points && points.length > 0 && (
        <nav className="globe-page__strip" aria-label={t('map.globeList')}>
          <ul>
            {points.map((work) => (
              <li key={work.id}>
                <button
                  type="button"
                  className={`globe-chip${work.id === selectedUid ? ' globe-chip--active' : ''}`}
                  aria-pressed={work.id === selectedUid}
                  onClick={() => choose(work)}
                  data-testid="globe-work"
                  data-id={work.id}
                >
                  {work.coverUrl ? <img src={work.coverUrl} alt="" /> : <span className="globe-chip__blank" aria-hidden />}
                  <span>{work.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
