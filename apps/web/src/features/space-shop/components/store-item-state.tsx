import { Button, Skeleton } from 'antd-mobile';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { MobileState } from '../../../components/mobile-state';
import { useSpaceShop } from '../api/space-shop-api';
import { shopThemeOf, shopThemeStyle } from '../lib/shop-theme';

/** An item's page while its listing loads, or when it failed (with a retry). */
export function StoreItemState({ pending, onRetry }: { pending: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  if (pending)
    return (
      <div className="shop-skeleton" aria-busy="true" aria-label={t('spaceShop.item.title')}>
        <Skeleton animated className="shop-skeleton__header" />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  return (
    <MobileState kind="failed" title={t('spaceShop.item.loadFailed')}>
      <Button color="primary" className="shop-button" onClick={onRetry}>
        {t('spaceShop.retry')}
      </Button>
    </MobileState>
  );
}

/**
 * The colours of the shop an item was opened from (its template's, already fetched by the shop's page), else
 * the first template's: the item looks like the shop it belongs to.
 */
export function useShopStyle(spaceId: number | null): CSSProperties {
  const shop = useSpaceShop(spaceId).data;
  return shopThemeStyle(shop ? shopThemeOf(shop.space.templateCode, shop.space.brandColor) : shopThemeOf('classic', null));
}
