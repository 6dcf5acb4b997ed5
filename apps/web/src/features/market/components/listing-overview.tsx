import { CheckCircleOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Tag, Typography } from 'antd';
import type { MarketListingDetail } from '@spatia/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { IdentityBadges } from '../../../components/identity-badges';
import { UserAvatar } from '../../../components/user-avatar';
import { formatYuan } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';
import { useSession } from '../../../stores/session-store';
import { BOUGHT_WORKS_PATH } from '../lib/market-paths';
import { purchasePlanOf } from '../lib/purchase-plan';
import { BuyDialog } from './buy-dialog';
import './market.css';

/**
 * A listing's page below its viewer: the work's name, type and seller (with their badges), its description and
 * `facts` (the viewer's figures), and beside them the price, the licence explained and Buy, or what the
 * person already has.
 */
export function ListingOverview({
  listing,
  facts,
  loginPath,
}: {
  listing: MarketListingDetail;
  facts?: ReactNode;
  /** The sign-in page that comes back here (the app shell's). */
  loginPath: string;
}) {
  const { t } = useTranslation();
  const seller = displayPersonName(listing.seller.name, t);
  return (
    <article className="market-detail" aria-labelledby="market-detail-title">
      <div className="market-detail__main">
        <h1 id="market-detail-title" className="market-detail__title">
          {listing.work.name}
        </h1>
        <div className="market-detail__byline">
          <Tag>{t(`works.type.${listing.work.type}`)}</Tag>
          <span className="market-detail__seller" data-testid="market-seller">
            <UserAvatar src={listing.seller.avatarUrl} name={seller} size={32} />
            <span>{t('market.detail.soldBy', { name: seller })}</span>
          </span>
          <IdentityBadges identities={listing.seller.identities} />
        </div>
        {facts}
        <section className="market-detail__section" aria-labelledby="market-detail-description">
          <h2 id="market-detail-description" className="market-detail__heading">
            {t('market.detail.description')}
          </h2>
          <p
            className={
              listing.work.description ? 'market-detail__description' : 'market-detail__description market-detail__description--empty'
            }
          >
            {listing.work.description || t('market.detail.noDescription')}
          </p>
        </section>
      </div>
      <PurchaseCard listing={listing} loginPath={loginPath} />
    </article>
  );
}

/** Price, licence, sales, and what the person can do: buy, open what they bought, or nothing on their own listing. */
function PurchaseCard({ listing, loginPath }: { listing: MarketListingDetail; loginPath: string }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const signedIn = useSession((session) => session.token !== '');
  const [buying, setBuying] = useState(false);
  const plan = purchasePlanOf(listing, signedIn);

  const askToLogin = () =>
    modal.confirm({
      title: t('market.detail.loginTitle'),
      content: t('market.detail.loginText'),
      okText: t('common.actions.login'),
      cancelText: t('common.actions.cancel'),
      onOk: () => navigate(loginPath),
    });

  let action;
  switch (plan.kind) {
    case 'own':
      action = <Alert type="info" showIcon title={t('market.detail.own')} data-testid="market-own" />;
      break;
    case 'owned':
      action = (
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleOutlined />}
          title={t('market.detail.owned')}
          action={
            <Link to={BOUGHT_WORKS_PATH} data-testid="market-owned-link">
              {t('market.detail.openBought')}
            </Link>
          }
          data-testid="market-owned"
        />
      );
      break;
    case 'unavailable':
      action = <Alert type="warning" showIcon title={t('market.detail.unavailable')} data-testid="market-unavailable" />;
      break;
    default:
      action = (
        <Button
          type="primary"
          size="large"
          block
          icon={<ShoppingCartOutlined aria-hidden />}
          onClick={plan.kind === 'signedOut' ? askToLogin : () => setBuying(true)}
          data-testid="market-buy"
        >
          {t('market.detail.buy')}
        </Button>
      );
  }

  return (
    <Card className="market-detail__buy" aria-label={t('market.detail.purchase')}>
      <div className="market-detail__price" data-testid="market-price">
        {formatYuan(listing.priceFen)}
      </div>
      <div className="market-detail__licence" data-testid="market-licence">
        <Typography.Text strong>{t(`market.licence.${listing.licence}.name`)}</Typography.Text>
        <Typography.Paragraph type="secondary">{t(`market.licence.${listing.licence}.explained`)}</Typography.Paragraph>
      </div>
      {listing.sales > 0 && <p className="market-detail__sales">{t('market.detail.sales', { count: listing.sales })}</p>}
      {action}
      {/* Kept while open: once bought, the refreshed listing says so behind the dialog's result. */}
      {signedIn && <BuyDialog listing={listing} open={buying} onClose={() => setBuying(false)} />}
    </Card>
  );
}
