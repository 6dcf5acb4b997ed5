import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { lazyComponent } from '../components/lazy-component';
import { MobileScreen } from '../features/mobile-shell';
import { categoryType, getPublicWorks, isMobileCategory, MobileCategory } from '../features/mobile-site';
import { PublicWorksList } from './mobile/public-works-list';

// The app's not-found page (antd) loads only for an unknown category.
const NotFound = lazyComponent(() => import('./not-found-page').then((module) => module.default));

/** /mobile/category/{id} (spec 2.5, open): `all`, `panorama`, `model` or `pointCloud`; any other id is not found. */
export default function MobileCategoryPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  if (!isMobileCategory(id))
    return (
      <Suspense fallback={null}>
        <NotFound />
      </Suspense>
    );
  const type = categoryType(id);
  return (
    <MobileScreen title={t('mobileSite.browse.title')} back={false} tabs>
      <MobileCategory category={id}>
        <PublicWorksList
          key={id}
          listKey={id}
          load={(pageNum, pageSize) => getPublicWorks(pageNum, pageSize, type)}
          empty={type ? t('mobileSite.browse.emptyType') : t('mobileSite.browse.emptyAll')}
        />
      </MobileCategory>
    </MobileScreen>
  );
}
