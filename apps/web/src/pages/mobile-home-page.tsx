import { useTranslation } from 'react-i18next';
import { MobileScreen } from '../features/mobile-shell';
import { getPublicWorks, MobileHome } from '../features/mobile-site';
import { PublicWorksList } from './mobile/public-works-list';

/** /mobile/home (spec 2.5, open): the public site's works for a phone (docs/mobile.md). */
export default function MobileHomePage() {
  const { t } = useTranslation();
  return (
    <MobileScreen title={t('mobileSite.home.title')} back={false} tabs>
      <MobileHome list={<PublicWorksList listKey="all" load={getPublicWorks} empty={t('mobileSite.home.empty')} />} />
    </MobileScreen>
  );
}
