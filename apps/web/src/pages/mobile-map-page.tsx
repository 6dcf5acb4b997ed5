import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toPoints, useMapWorks } from '../features/map';
import { MobileScreen } from '../features/mobile-shell';
import { MobileMap } from '../features/mobile-site';

/** /mobile/map (spec 2.5, open): the works on the map for a phone, with the works in view in a bottom sheet. */
export default function MobileMapPage() {
  const { t } = useTranslation();
  const works = useMapWorks(undefined);
  const points = useMemo(() => (works.data ? toPoints(works.data.works) : null), [works.data]);
  return (
    <MobileScreen title={t('mobileSite.map.title')} back={false} tabs>
      <MobileMap points={points} truncated={works.data?.truncated ?? false} failed={works.isError} />
    </MobileScreen>
  );
}
