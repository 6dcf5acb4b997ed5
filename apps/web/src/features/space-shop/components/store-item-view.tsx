import { Avatar } from 'antd-mobile';
import { CheckCircleFill, PlayOutline, RightOutline } from 'antd-mobile-icons';
import type { MarketListingDetail } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatYuan } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';
import { personPath } from '../../../lib/person-paths';
import { useSession } from '../../../stores/session-store';
import { shopPayPath, workViewerPath } from '../lib/shop-paths';
import { storeActionOf } from '../lib/store-action';
import { WorkCover } from './work-cover';
import './space-shop.css';

/**
 * `/mobile/storeDetail`: one item of a shop on a phone: its cover (a tap opens the work's viewer), name, price, the
 * licence explained, the seller, and a bar at the thumb with the price and Buy (or what the person already has).
 * `signInPath` is the sign-in page coming back to a given address (the mobile shell's).
 */
export function StoreItemView({
  listing,
  spaceId,
  signInPath,
}: {
  listing: MarketListingDetail;
  spaceId: number | null;
  signInPath: (returnTo: string) => string;
}) {
  const { t } = useTranslation();
  const signedIn = useSession((session) => session.token !== '');
  const action = storeActionOf(listing, signedIn);
  const seller = displayPersonName(listing.seller.name, t);
  const payPath = shopPayPath(listing.id, spaceId);

  return (
    <article className="store-item" aria-labelledby="store-item-name">
      <Link to={workViewerPath(listing.work.uid)} className="store-item__stage" data-testid="store-viewer-link">
        <WorkCover src={listing.work.coverUrl} type={listing.work.type} className="store-item__cover" />
        <span className="store-item__vr">
          <PlayOutline aria-hidden /> {t('spaceShop.item.viewVr')}
        </span>
      </Link>
      <div className="store-item__body">
        <h2 id="store-item-name" className="store-item__name">
          {listing.work.name}
        </h2>
        <p className="store-item__price" data-testid="store-price">
          {formatYuan(listing.priceFen)}
          {listing.sales > 0 && <span className="store-item__sales">{t('spaceShop.item.sales', { count: listing.sales })}</span>}
        </p>
        <section className="store-item__card" aria-labelledby="store-item-licence" data-testid="store-licence">
          <h3 id="store-item-licence" className="store-item__heading">
            {t('spaceShop.item.licence')}
          </h3>
          <p className="store-item__licence-name">{t(`spaceShop.licence.${listing.licence}.name`)}</p>
          <p className="store-item__text">{t(`spaceShop.licence.${listing.licence}.explained`)}</p>
        </section>
        <Link to={personPath(listing.seller.uid)} className="store-item__seller" data-testid="store-seller">
          <Avatar src={listing.seller.avatarUrl} alt="" style={{ '--size': '44px', '--border-radius': '50%' }} />
          <span className="store-item__seller-text">
            <span className="store-item__muted">{t('spaceShop.item.seller')}</span>
            <span className="store-item__seller-name">{seller}</span>
          </span>
          <RightOutline aria-hidden className="store-item__chevron" />
        </Link>
        <section className="store-item__card" aria-labelledby="store-item-description">
          <h3 id="store-item-description" className="store-item__heading">
            {t('spaceShop.item.description')}
          </h3>
          <p className={`store-item__text${listing.work.description ? '' : ' store-item__muted'}`}>
            {listing.work.description || t('spaceShop.item.noDescription')}
          </p>
        </section>
      </div>
      <div className="store-bar" data-testid="store-bar">
        <span className="store-bar__price">
          <span className="store-item__muted">{t('spaceShop.item.price')}</span>
          <strong>{formatYuan(listing.priceFen)}</strong>
        </span>
        <StoreBarAction action={action} payPath={payPath} signInPath={signInPath} />
      </div>
    </article>
  );
}

function StoreBarAction({
  action,
  payPath,
  signInPath,
}: {
  action: ReturnType<typeof storeActionOf>;
  payPath: string;
  signInPath: (returnTo: string) => string;
}) {
  const { t } = useTranslation();
  switch (action.kind) {
    case 'own':
      return (
        <span className="store-bar__note" data-testid="store-own">
          {t('spaceShop.item.own')}
        </span>
      );
    case 'unavailable':
      return (
        <span className="store-bar__note" data-testid="store-unavailable">
          {t('spaceShop.item.unavailable')}
        </span>
      );
    case 'owned':
      return (
        <span className="store-bar__owned" data-testid="store-owned">
          <span className="store-bar__bought">
            <CheckCircleFill aria-hidden /> {t('spaceShop.item.bought')}
          </span>
          <Link to={action.workPath} className="shop-link-button" data-testid="store-open-work">
            {t('spaceShop.item.openWork')}
          </Link>
        </span>
      );
    case 'signIn':
    case 'buy':
      // Signed out, Buy signs in first and then goes on to the checkout itself.
      return (
        <Link
          to={action.kind === 'buy' ? payPath : signInPath(payPath)}
          className="shop-link-button store-bar__buy"
          data-testid="store-buy"
        >
          {t('spaceShop.item.buy')}
        </Link>
      );
  }
}
