import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { useListing } from '../features/market';
import { MobileScreen, signInPath } from '../features/mobile-shell';
import { idOf, spaceShopPath, StoreItemState, StoreItemView, useShopStyle } from '../features/space-shop';
import { useLanguage } from '../i18n';
import { LazyNotFound } from './space-shop/lazy-not-found';

/**
 * `/mobile/storeDetail?listingId=&spaceId=` (spec 2.5): one item of a shop, open to anyone (spec 2.1: /mobile);
 * the listing is the market's, `spaceId` the shop it was opened from.
 */
export default function MobileStoreDetailPage() {
  const [searchParams] = useSearchParams();
  const listingId = idOf(searchParams.get('listingId'));
  const spaceId = idOf(searchParams.get('spaceId'));
  if (listingId === null) return <LazyNotFound />;
  return <StoreDetail key={listingId} listingId={listingId} spaceId={spaceId} />;
}

function StoreDetail({ listingId, spaceId }: { listingId: number; spaceId: number | null }) {
  const { t } = useTranslation();
  const query = useListing(listingId, useLanguage());
  const style = useShopStyle(spaceId);
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <LazyNotFound />;
  return (
    <MobileScreen title={t('spaceShop.item.title')} back={spaceId ? spaceShopPath(spaceId) : '/mobile/home'} style={style} className="shop">
      {query.data ? (
        <StoreItemView listing={query.data} spaceId={spaceId} signInPath={signInPath} />
      ) : (
        <StoreItemState pending={query.isPending} onRetry={() => void query.refetch()} />
      )}
    </MobileScreen>
  );
}
