import { Empty, Segmented, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WORK_TYPES, type WorkType } from '@spatia/contract';
import { WorksMap } from '../../../components/maps';
import { toPoints, useMapWorks, type MapWorkPoint } from '../api/get-map-works';
import { MapWorkCard } from './map-work-card';
import './map.css';

type TypeFilter = WorkType | 'all';

/** /map: the works with a location on the site's base map, clustered, with a type filter and a card. */
export function WorksOnMap() {
  const { t } = useTranslation();
  const [type, setType] = useState<TypeFilter>('all');
  const [selected, setSelected] = useState<MapWorkPoint | null>(null);
  const works = useMapWorks(type === 'all' ? undefined : type);
  const points = works.data ? toPoints(works.data.works) : null;

  return (
    <div className="map-page" data-testid="map-page">
      <div className="map-page__bar">
        <h1 className="map-page__title">{t('map.title')}</h1>
        <Segmented<TypeFilter>
          value={type}
          onChange={(next) => {
            setType(next);
            setSelected(null);
          }}
          options={(['all', ...WORK_TYPES] as const).map((value) => ({
            value,
            label: value === 'all' ? t('works.toolbar.allTypes') : t(`works.type.${value}`),
          }))}
          data-testid="map-type-filter"
        />
      </div>
      <div className="map-page__stage">
        {points === null ? (
          <div className="map-page__state">
            <Spin />
          </div>
        ) : (
          <>
            <WorksMap
              key={type}
              points={points}
              onSelect={setSelected}
              selectedId={selected?.id ?? null}
              pointLabel={(work) => work.name}
            />
            {points.length === 0 && (
              <div className="map-page__empty" data-testid="map-empty">
                <Empty description={type === 'all' ? t('map.emptyAll') : t('map.emptyType')} />
              </div>
            )}
            {works.data?.truncated && <div className="map-page__note">{t('map.truncated')}</div>}
          </>
        )}
        {selected && <MapWorkCard work={selected} onClose={() => setSelected(null)} />}
      </div>
    </div>
  );
}
