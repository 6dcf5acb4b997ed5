import { Button, PullToRefresh, Skeleton, Tag } from 'antd-mobile';
import type { ShopItem, ShopService, SpaceShop } from '@spatia/contract';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { MobileState } from '../../../components/mobile-state';
import { useLanguage } from '../../../i18n';
import { formatYuan } from '../../../lib/format';
import { useSpaceShop } from '../api/space-shop-api';
import { BOOK_SHOOT_PATH, spaceDetailPath, storeDetailPath } from '../lib/shop-paths';
import { shopThemeOf, shopThemeStyle } from '../lib/shop-theme';
import { AccessCodeForm } from './access-code-form';
import { WorkCover } from './work-cover';
import type { ScreenFrame } from './screen-frame';
import './space-shop.css';

/**
 * `/space/shop?id=`: a space's shop in its template's colours: the space's header, its works on the market as a
 * two-column grid, and the shoots its owner takes bookings for. The page gives the phone's frame (`Screen`) and
 * what a shop that does not exist shows (`notFound`, the app's not-found page).
 */
export function SpaceShopScreen({
  id,
  code,
  onCode,
  notFound,
  Screen,
}: {
  id: number;
  /** A private space's access code, from the address. */
  code: string;
  onCode: (code: string) => void;
  notFound: ReactNode;
  Screen: ScreenFrame;
}) {
  const { t } = useTranslation();
  const query = useSpaceShop(id, code || undefined);
  const shop = query.data;
  const theme = useMemo(() => (shop ? shopThemeOf(shop.space.templateCode, shop.space.brandColor) : null), [shop]);

  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return notFound;

  if (!shop || !theme) {
    const needsCode = query.error instanceof ApiError && query.error.status === 403 ? query.error : null;
    return (
      <Screen title={t('spaceShop.title')}>
        {query.isPending ? (
          <div className="shop-skeleton" aria-busy="true" aria-label={t('spaceShop.title')}>
            <Skeleton animated className="shop-skeleton__header" />
            <Skeleton.Paragraph lineCount={5} animated />
          </div>
        ) : needsCode ? (
          <AccessCodeForm key={code} refusal={code ? needsCode.message || null : null} onCode={onCode} />
        ) : (
          <MobileState kind="failed" title={t('spaceShop.loadFailed')}>
            <Button color="primary" className="shop-button" onClick={() => void query.refetch()}>
              {t('spaceShop.retry')}
            </Button>
          </MobileState>
        )}
      </Screen>
    );
  }

  const { space } = shop;
  const nothing = shop.listings.length === 0 && shop.services.length === 0;
  return (
    <Screen title={space.name} back={spaceDetailPath(space.uid)} style={shopThemeStyle(theme)} className="shop">
      <PullToRefresh onRefresh={async () => void (await query.refetch())}>
        <ShopHeader shop={shop} />
        {nothing ? (
          // The header above leads to the space.
          <MobileState kind="empty" title={t('spaceShop.empty')} description={t('spaceShop.emptyText')} testId="shop-empty" />
        ) : (
          <>
            {shop.listings.length > 0 && (
              <section className="shop-section" aria-labelledby="shop-for-sale">
                <h2 id="shop-for-sale" className="shop-section__title">
                  {t('spaceShop.forSale')}
                  <span className="shop-section__count">{t('spaceShop.forSaleCount', { count: shop.listings.length })}</span>
                </h2>
                <ul className="shop-grid" data-testid="shop-items">
                  {shop.listings.map((item) => (
                    <li key={item.listingId}>
                      <ShopItemCard item={item} spaceId={space.id} />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {shop.services.length > 0 && <ShopServices services={shop.services} />}
          </>
        )}
      </PullToRefresh>
    </Screen>
  );
}

function ShopHeader({ shop: { space } }: { shop: SpaceShop }) {
  const { t } = useTranslation();
  return (
    <header className="shop-header" data-testid="shop-header">
      {space.coverUrl && <img className="shop-header__cover" src={space.coverUrl} alt="" />}
      <div className="shop-header__body">
        <div className="shop-header__identity">
          {space.logoUrl && <img className="shop-header__logo" src={space.logoUrl} alt="" width={56} height={56} />}
          <div className="shop-header__names">
            <p className="shop-header__name">{space.name}</p>
            <p className="shop-header__facts">
              {space.kind === 'enterprise' && (
                <Tag className="shop-tag" fill="outline">
                  {t('spaceShop.enterprise')}
                </Tag>
              )}
              <span>{t('spaceShop.works', { count: space.workCount })}</span>
            </p>
          </div>
        </div>
        {space.intro && <p className="shop-header__intro">{space.intro}</p>}
        <Link to={spaceDetailPath(space.uid)} className="shop-header__visit">
          {t('spaceShop.visitSpace')}
        </Link>
      </div>
    </header>
  );
}

function ShopItemCard({ item, spaceId }: { item: ShopItem; spaceId: number }) {
  const { t } = useTranslation();
  return (
    <Link to={storeDetailPath(item.listingId, spaceId)} className="shop-card" data-testid="shop-item">
      <WorkCover src={item.work.coverUrl} type={item.work.type} className="shop-card__cover" />
      <span className="shop-card__body">
        <span className="shop-card__name">{item.work.name}</span>
        <span className="shop-card__licence">{t(`spaceShop.licence.${item.licence}.name`)}</span>
        <span className="shop-card__price" data-testid="shop-item-price">
          {formatYuan(item.priceFen)}
        </span>
      </span>
    </Link>
  );
}

function ShopServices({ services }: { services: ShopService[] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="shop-section" aria-labelledby="shop-services" data-testid="shop-services">
      <h2 id="shop-services" className="shop-section__title">
        {t('spaceShop.services')}
      </h2>
      <p className="shop-section__hint">{t('spaceShop.servicesHint')}</p>
      <ul className="shop-services">
        {services.map((service) => (
          <li key={service.requirementType} className="shop-service">
            <p className="shop-service__name">{language === 'zh' ? service.nameZh : service.nameEn}</p>
            <p className="shop-service__prices">
              {[
                service.pricePerSiteFen > 0 && t('spaceShop.perSite', { price: formatYuan(service.pricePerSiteFen) }),
                service.pricePerM2Fen > 0 && t('spaceShop.perM2', { price: formatYuan(service.pricePerM2Fen) }),
                service.minimumFen > 0 && t('spaceShop.minimum', { price: formatYuan(service.minimumFen) }),
                service.depositBps > 0 && t('spaceShop.deposit', { percent: service.depositBps / 100 }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          </li>
        ))}
      </ul>
      <Link to={BOOK_SHOOT_PATH} className="shop-link-button shop-link-button--block" data-testid="shop-book">
        {t('spaceShop.bookShoot')}
      </Link>
    </section>
  );
}
