import type { HouseCard } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MobileState } from '../components/mobile-state';
import { MobileScreen, PullList } from '../features/mobile-shell';
import { fetchHouses, HouseItem, personSpacesPath, spaceKeys } from '../features/spaces';

/** `/space/house?uid=<user uid>` (spec 2.5): a person's houses, their published panoramas with rent, area and rooms. */
export default function SpaceHousePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = params.get('uid')?.trim() ?? '';
  return (
    <MobileScreen title={t('spacePages.title.houses')} back={uid ? personSpacesPath(uid) : '/mobile/home'}>
      {uid ? (
        <PullList<HouseCard>
          queryKey={spaceKeys.houses(uid)}
          load={(pageNum, pageSize) => fetchHouses(uid, pageNum, pageSize)}
          renderItem={(house) => <HouseItem house={house} />}
          itemKey={(house) => house.uid}
          empty={t('spacePages.house.empty')}
          className="sp-houses"
          testId="space-houses"
        />
      ) : (
        <MobileState kind="empty" className="sp-page-state" title={t('spacePages.state.noPerson')} />
      )}
    </MobileScreen>
  );
}
