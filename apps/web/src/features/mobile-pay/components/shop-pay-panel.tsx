import { formatYuan, type MarketListingDetail, type MobilePayAnswer, type WechatPayerCompletion } from '@spatia/contract';
import { Button, Image, List, NoticeBar, Radio, SpinLoading, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { MobileState } from '../../../components/mobile-state';
import { forgetPurchaseKey, purchaseKey, type Purchase } from '../../../lib/purchase-key';
import { useBuyOnPhone, useListing } from '../api/mobile-pay';
import { choiceId, insideWechat, payChoices, type PayChoice } from '../lib/pay-choices';
import { payInWechat } from '../lib/wechat-pay';
import { paySuccessPath } from '../lib/paths';
import { useWechatOpenId, type WechatOpenIdState } from './use-wechat-openid';
import './mobile-pay.css';

interface ShopPayPanelProps {
  listingId: number;
  /** Back from WeChat's authorization: what WeChat appended to this page's address (the payer's openid, docs/mobile-pay.md). */
  wechatReturn: WechatPayerCompletion | undefined;
  /** This page's address without WeChat's additions: where WeChat's authorization comes back to. */
  returnPath: string;
  /** Takes WeChat's additions off the address once they are used. */
  onWechatReturnHandled: () => void;
  /** The session ended meanwhile: the page sends the person to sign in and back. */
  onSignInNeeded: () => void;
}

/** What one press of Pay buys: the listing, at its price, by one way of paying (src/lib/purchase-key.ts). */
const purchaseOf = (listing: MarketListingDetail, choice: PayChoice): Purchase<string> => ({
  what: `mobile-market:${listing.id}`,
  months: 0,
  fee: listing.priceFen,
  provider: choiceId(choice),
});

/**
 * `/space/shop-pay` (docs/mobile-pay.md): what is bought, how much the balance pays and what is left, the ways
 * this phone can pay, and one Pay button at the thumb. Pay goes to the provider (a redirect, or WeChat's own
 * sheet inside WeChat) and then to paySuccess, which asks our server how the order stands.
 */
export function ShopPayPanel({ listingId, ...rest }: ShopPayPanelProps) {
  const { t } = useTranslation();
  const listing = useListing(listingId);
  return (
    <>
      {listingId <= 0 || listing.isError ? (
        <MobileState
          kind="empty"
          title={t('mobilePay.shopPay.unknownTitle')}
          description={t('mobilePay.shopPay.unknownText')}
          testId="shop-pay-unknown"
        />
      ) : listing.isPending ? (
        <div className="m-pay__loading">
          <SpinLoading aria-label={t('mobilePay.loading')} />
        </div>
      ) : (
        <Checkout listing={listing.data} {...rest} />
      )}
    </>
  );
}

function Checkout({
  listing,
  wechatReturn,
  returnPath,
  onWechatReturnHandled,
  onSignInNeeded,
}: { listing: MarketListingDetail } & Omit<ShopPayPanelProps, 'listingId'>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const buy = useBuyOnPhone(listing.id);
  const inWechat = insideWechat();
  const fromBalance = Math.min(Math.max(listing.balanceFen, 0), listing.priceFen);
  const rest = listing.priceFen - fromBalance;
  const workPath = `/details/${encodeURIComponent(listing.work.uid)}`;
  const unavailable = listing.mine ? 'mine' : listing.purchaseId !== null ? 'bought' : listing.status !== 'onMarket' ? 'gone' : undefined;
  const wechat = useWechatOpenId({
    wanted: inWechat && listing.providers.includes('wechat') && !unavailable && rest > 0,
    returned: wechatReturn,
    returnPath,
    onReturnHandled: onWechatReturnHandled,
  });
  const choices = payChoices(listing.providers, inWechat, wechat.step === 'ready');
  const [chosen, setChosen] = useState<string>();
  // The first way is chosen until the person picks one (JSAPI joins the list once WeChat told us the openid).
  const choice = choices.find((candidate) => choiceId(candidate) === chosen) ?? choices[0];

  const pay = () => {
    if (!choice) return;
    const purchase = purchaseOf(listing, choice);
    // JSAPI pays for the openid the server got from WeChat: the page sends none.
    const request = { provider: choice.provider, flow: choice.flow };
    buy.mutate(
      { request, idempotencyKey: purchaseKey(purchase) },
      {
        onSuccess: (answer) => void afterStart(answer),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) onSignInNeeded();
          else Toast.show({ content: error.message || t('mobilePay.failed'), duration: 4000 });
        },
      },
    );

    async function afterStart(answer: MobilePayAnswer): Promise<void> {
      const success = paySuccessPath(answer.orderNo);
      if (!answer.payment) {
        forgetPurchaseKey(purchase);
        // Answered again for an order that can no longer be paid: the next press starts afresh.
        if (!answer.paidFromBalance) {
          Toast.show({ content: t('mobilePay.shopPay.startAgain') });
          return;
        }
        void navigate(success);
        return;
      }
      if (answer.payment.flow === 'redirect') {
        window.location.assign(answer.payment.url);
        return;
      }
      // Whatever WeChat's sheet says, paySuccess asks our server.
      await payInWechat(answer.payment.params);
      void navigate(success);
    }
  };

  const blocked = unavailable ?? (wechat.step === 'checking' || choices.length > 0 ? undefined : 'noWay');

  return (
    <div className="m-pay" data-testid="shop-pay">
      <div className="m-pay__item">
        {listing.work.coverUrl ? (
          <Image src={listing.work.coverUrl} width={96} height={72} fit="cover" className="m-pay__cover" alt="" lazy={false} />
        ) : (
          <div className="m-pay__cover m-pay__cover--none" aria-hidden />
        )}
        <div className="m-pay__about">
          <div className="m-pay__name" data-testid="shop-pay-name">
            {listing.work.name}
          </div>
          <Tag color="primary" fill="outline">
            {t(`mobilePay.licence.${listing.licence}`)}
          </Tag>
        </div>
        <div className="m-pay__price" data-testid="shop-pay-price">
          {formatYuan(listing.priceFen)}
        </div>
      </div>

      <WechatOpenIdNotice state={wechat} />
      {blocked ? (
        <div className="m-pay__blocked" data-testid={`shop-pay-${blocked}`}>
          <NoticeBar content={t(`mobilePay.shopPay.${blocked}`)} color={blocked === 'bought' ? 'info' : 'alert'} wrap />
          {blocked === 'bought' && (
            <Link to={workPath} className="m-pay__link">
              {t('mobilePay.viewWork')}
            </Link>
          )}
        </div>
      ) : (
        <>
          <List header={t('mobilePay.shopPay.amounts')} className="m-pay__list">
            <List.Item extra={formatYuan(listing.priceFen)}>{t('mobilePay.shopPay.price')}</List.Item>
            {fromBalance > 0 && <List.Item extra={`− ${formatYuan(fromBalance)}`}>{t('mobilePay.shopPay.fromBalance')}</List.Item>}
            <List.Item extra={<strong data-testid="shop-pay-rest">{formatYuan(rest)}</strong>}>{t('mobilePay.shopPay.toPay')}</List.Item>
          </List>
          {rest > 0 && wechat.step === 'checking' ? (
            <div className="m-pay__loading m-pay__loading--wechat" data-testid="shop-pay-wechat-checking">
              <SpinLoading aria-label={t('mobilePay.wechat.checking')} />
              <span>{t('mobilePay.wechat.checking')}</span>
            </div>
          ) : rest > 0 ? (
            <List header={t('mobilePay.shopPay.payWith')} className="m-pay__list">
              <Radio.Group value={choice ? choiceId(choice) : undefined} onChange={(value) => setChosen(String(value))}>
                {choices.map((candidate) => (
                  <List.Item
                    key={choiceId(candidate)}
                    className="m-pay__choice"
                    onClick={() => setChosen(choiceId(candidate))}
                    description={t(`mobilePay.choice.${choiceId(candidate)}.note`)}
                    extra={<Radio value={choiceId(candidate)} aria-label={t(`mobilePay.choice.${choiceId(candidate)}.name`)} />}
                    data-testid={`pay-choice-${choiceId(candidate)}`}
                  >
                    {t(`mobilePay.choice.${choiceId(candidate)}.name`)}
                  </List.Item>
                ))}
              </Radio.Group>
            </List>
          ) : null}
          {choice?.provider === 'sandbox' && rest > 0 && <NoticeBar content={t('mobilePay.shopPay.sandboxNote')} color="alert" wrap />}
          <div className="m-pay__bar">
            <Button
              block
              color="primary"
              size="large"
              loading={buy.isPending}
              disabled={rest > 0 && !choice}
              onClick={pay}
              data-testid="shop-pay-submit"
            >
              {rest > 0
                ? t('mobilePay.shopPay.pay', { amount: formatYuan(rest) })
                : t('mobilePay.shopPay.payFromBalance', { amount: formatYuan(listing.priceFen) })}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** Why WeChat Pay is missing inside WeChat, in the server's words, with a way to try again and another way to pay. */
function WechatOpenIdNotice({ state }: { state: WechatOpenIdState }) {
  const { t } = useTranslation();
  if (state.step !== 'failed') return null;
  return (
    <div className="m-pay__blocked" data-testid="shop-pay-wechat-failed" role="alert">
      <NoticeBar
        content={
          <>
            <strong>{t('mobilePay.wechat.failedTitle')}</strong> {state.message}
          </>
        }
        color="alert"
        wrap
      />
      <p className="m-pay__hint">{t('mobilePay.wechat.otherWay')}</p>
      <Button size="small" color="primary" fill="outline" onClick={state.retry} data-testid="shop-pay-wechat-retry">
        {t('mobilePay.wechat.retry')}
      </Button>
    </div>
  );
}
