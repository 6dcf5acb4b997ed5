import { WechatOutlined } from '@ant-design/icons';
import type { WithdrawalConfirmation } from '@spatia/contract';
import { Alert, Button, Descriptions, Result, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { QrCode } from '../../../components/qr-code';
import { formatDate, formatYuan } from '../../../lib/format';
import { useWithdrawalConfirmation } from '../api/withdrawal-confirmation';
import './withdrawals.css';

/** WeChat's in-app browser bridge; only present on pages opened inside WeChat. */
interface WeixinJSBridge {
  invoke(
    name: 'requestMerchantTransfer',
    parameters: { mchId: string; appId: string; package: string },
    callback: (result: { err_msg?: string }) => void,
  ): void;
}
declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

const RECORDS = '/wallet/withdrawRecord';
const insideWechat = () => /MicroMessenger/i.test(navigator.userAgent);

/** WeChat's bridge once it is ready: at once, or when WeChat fires `WeixinJSBridgeReady`. */
function useWechatBridge(): WeixinJSBridge | undefined {
  const [bridge, setBridge] = useState<WeixinJSBridge | undefined>(() => window.WeixinJSBridge);
  useEffect(() => {
    if (bridge || !insideWechat()) return undefined;
    const ready = () => setBridge(window.WeixinJSBridge);
    document.addEventListener('WeixinJSBridgeReady', ready);
    return () => document.removeEventListener('WeixinJSBridgeReady', ready);
  }, [bridge]);
  return bridge;
}

type Answer = 'confirmed' | 'cancelled' | { failed: string };

/**
 * Where the payee confirms a WeChat payout (docs/withdrawals.md, "Payouts that end"): opened from the notice
 * they get; inside WeChat one button hands the bill to WeChat's own confirmation (requestMerchantTransfer),
 * elsewhere the page says to open it in WeChat and shows its address as a QR code to scan there.
 */
export function WithdrawalConfirmPanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const confirmation = useWithdrawalConfirmation(id);

  if (confirmation.isPending) return <Spin size="large" />;
  if (confirmation.isError) {
    const error = confirmation.error;
    const gone = error instanceof ApiError && error.status === 409;
    return (
      <Result
        status={gone ? 'info' : '404'}
        title={t(gone ? 'withdrawals.confirm.nothingTitle' : 'withdrawals.confirm.unknownTitle')}
        subTitle={error instanceof ApiError && error.message ? error.message : undefined}
        extra={<Link to={RECORDS}>{t('withdrawals.confirm.records')}</Link>}
        data-testid="withdrawal-confirm-end"
      />
    );
  }
  return <ConfirmInWechat confirmation={confirmation.data} />;
}

function ConfirmInWechat({ confirmation }: { confirmation: WithdrawalConfirmation }) {
  const { t } = useTranslation();
  const bridge = useWechatBridge();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const amount = formatYuan(confirmation.amountFen);
  const until = formatDate(confirmation.expiresAt, 'YYYY-MM-DD HH:mm');

  if (answer === 'confirmed')
    return (
      <Result
        status="success"
        title={t('withdrawals.confirm.confirmedTitle', { amount })}
        subTitle={t('withdrawals.confirm.confirmedText')}
        extra={<Link to={RECORDS}>{t('withdrawals.confirm.records')}</Link>}
        data-testid="withdrawal-confirm-done"
      />
    );

  const confirm = () =>
    bridge?.invoke(
      'requestMerchantTransfer',
      { mchId: confirmation.mchId, appId: confirmation.appId, package: confirmation.package },
      (result) => {
        const said = result.err_msg ?? '';
        if (said === 'requestMerchantTransfer:ok') setAnswer('confirmed');
        else if (said === 'requestMerchantTransfer:cancel') setAnswer('cancelled');
        else setAnswer({ failed: said });
      },
    );

  return (
    <div className="withdrawal-confirm" data-testid="withdrawal-confirm">
      <Typography.Title level={4}>{t('withdrawals.confirm.title')}</Typography.Title>
      <Typography.Title level={1} className="withdrawal-confirm__amount">
        {amount}
      </Typography.Title>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('withdrawals.confirm.number')}>{confirmation.withdrawalNo}</Descriptions.Item>
        <Descriptions.Item label={t('withdrawals.confirm.until')}>{until}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">{t('withdrawals.confirm.explain', { until })}</Typography.Paragraph>
      {answer === 'cancelled' && <Alert type="info" showIcon title={t('withdrawals.confirm.cancelled', { until })} />}
      {answer !== null && typeof answer === 'object' && (
        <Alert type="error" showIcon title={t('withdrawals.confirm.failed', { detail: answer.failed })} />
      )}
      {insideWechat() ? (
        <Button
          type="primary"
          size="large"
          block
          icon={<WechatOutlined />}
          loading={!bridge}
          disabled={!bridge}
          onClick={confirm}
          data-testid="withdrawal-confirm-button"
        >
          {t('withdrawals.confirm.button')}
        </Button>
      ) : (
        <div className="withdrawal-confirm__elsewhere" data-testid="withdrawal-confirm-elsewhere">
          <Alert
            type="warning"
            showIcon
            title={t('withdrawals.confirm.openInWechat')}
            description={t('withdrawals.confirm.openInWechatText')}
          />
          <QrCode value={window.location.href} label={t('withdrawals.confirm.qrLabel')} testId="withdrawal-confirm-qr" />
        </div>
      )}
    </div>
  );
}
