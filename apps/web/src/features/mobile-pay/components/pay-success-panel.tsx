import { formatYuan } from '@spatia/contract';
import { Button, NoticeBar, Result, SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MobileState } from '../../../components/mobile-state';
import { useMobilePayOrder } from '../api/mobile-pay';
import './mobile-pay.css';

/**
 * `/space/paySuccess?orderNo=` (docs/mobile-pay.md): the order as our own server holds it, asked every 2 s while
 * pending (the server asks the provider): paid, pending with a spinner, or closed; another person's order, or
 * an unknown one, is not found. The provider's redirect that led here is never believed.
 */
export function PaySuccessPanel({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const order = useMobilePayOrder(orderNo, true);
  const data = order.data;

  let body;
  if (!orderNo || order.isError) {
    body = (
      <MobileState
        kind="empty"
        title={t('mobilePay.result.unknownTitle')}
        description={t('mobilePay.result.unknownText')}
        testId="pay-not-found"
      />
    );
  } else if (!data) {
    body = (
      <div className="m-pay__loading">
        <SpinLoading aria-label={t('mobilePay.loading')} />
      </div>
    );
  } else {
    const workPath = `/details/${encodeURIComponent(data.purchase.workUid)}`;
    const details = (
      <dl className="m-pay__facts">
        <dt>{t('mobilePay.result.work')}</dt>
        <dd data-testid="pay-work">{data.purchase.workName}</dd>
        <dt>{t('mobilePay.result.amount')}</dt>
        <dd>{formatYuan(data.amountFen)}</dd>
        <dt>{t('mobilePay.result.orderNo')}</dt>
        <dd className="m-pay__order-no">{data.orderNo}</dd>
      </dl>
    );
    if (data.state === 'paid') {
      body = (
        <div data-testid="pay-state-paid">
          <Result status="success" title={t('mobilePay.result.paidTitle')} description={t('mobilePay.result.paidText')} />
          {!data.bought && <NoticeBar content={t('mobilePay.result.notBought')} color="alert" wrap data-testid="pay-not-bought" />}
          {details}
          <div className="m-pay__actions">
            {data.bought && (
              <Button block color="primary" size="large" onClick={() => void navigate(workPath)} data-testid="pay-view-work">
                {t('mobilePay.viewWork')}
              </Button>
            )}
            <Button block size="large" onClick={() => void navigate('/mobile/home')}>
              {t('mobilePay.result.home')}
            </Button>
          </div>
        </div>
      );
    } else if (data.state === 'pending') {
      body = (
        <div data-testid="pay-state-pending">
          <Result
            status="waiting"
            icon={<SpinLoading style={{ '--size': '48px' }} />}
            title={t('mobilePay.result.pendingTitle')}
            description={t('mobilePay.result.pendingText')}
          />
          {details}
        </div>
      );
    } else {
      body = (
        <div data-testid="pay-state-closed">
          <Result status="warning" title={t('mobilePay.result.closedTitle')} description={t('mobilePay.result.closedText')} />
          {details}
          <div className="m-pay__actions">
            <Button block size="large" onClick={() => void navigate('/mobile/home')}>
              {t('mobilePay.result.home')}
            </Button>
          </div>
        </div>
      );
    }
  }
  return (
    <div className="m-pay" aria-live="polite">
      {body}
    </div>
  );
}
