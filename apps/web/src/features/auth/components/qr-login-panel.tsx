import { CheckCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/qr-code';
import { qrTicketQueryOptions, qrTicketStateQueryOptions, type QrTicketStatus } from '../api/qr-login';
import './auth.css';

/** The phone opens this; a relative URL from the server is made absolute so any scanner can follow it. */
function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).href;
  } catch {
    return url;
  }
}

/**
 * Scan to sign in: shows a QR code of the ticket's confirm URL and polls every 500 ms until the phone
 * confirms. Mounted only while its tab is shown, so polling stops when the tab or the page goes away.
 */
export function QrLoginPanel({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const ticket = useQuery(qrTicketQueryOptions(attempt));
  const state = useQuery(qrTicketStateQueryOptions(ticket.data?.pollToken ?? '', ticket.isSuccess));
  const status: QrTicketStatus | undefined = state.data?.status ?? ticket.data?.status;

  useEffect(() => {
    if (state.data?.status === 'confirmed' && state.data.login) onSuccess();
  }, [state.data, onSuccess]);

  const refresh = () => setAttempt((value) => value + 1);
  const ended = status === 'expired' || status === 'declined';

  return (
    <div className="qr-login" data-testid="qr-login" data-status={status ?? (ticket.isError ? 'error' : 'loading')}>
      <div className="qr-login__frame">
        {ticket.isPending ? (
          <div className="qr-login__placeholder">
            <Spin />
          </div>
        ) : ticket.isError ? (
          <div className="qr-login__placeholder">
            <Button icon={<ReloadOutlined />} onClick={refresh}>
              {t('auth.qr.retry')}
            </Button>
          </div>
        ) : (
          <>
            <QrCode
              value={absoluteUrl(ticket.data.confirmUrl)}
              label={t('auth.qr.imageLabel')}
              testId="qr-login-code"
              className={status === 'pending' ? undefined : 'qr-login__code--dim'}
            />
            {ended && (
              <button
                type="button"
                className="centered-overlay qr-login__overlay qr-login__overlay--action"
                onClick={refresh}
                data-testid="qr-refresh"
                autoFocus
              >
                <ReloadOutlined className="qr-login__overlay-icon" aria-hidden />
                <span>{status === 'expired' ? t('auth.qr.expired') : t('auth.qr.declined')}</span>
                <span className="qr-login__overlay-link">{t('auth.qr.clickToRefresh')}</span>
              </button>
            )}
            {(status === 'scanned' || status === 'confirmed') && (
              <div className="centered-overlay qr-login__overlay" role="status" aria-live="polite">
                <CheckCircleFilled className="qr-login__overlay-icon qr-login__overlay-icon--ok" aria-hidden />
                <span>{status === 'scanned' ? t('auth.qr.scanned') : t('auth.qr.confirmed')}</span>
                {status === 'scanned' && <span className="qr-login__overlay-sub">{t('auth.qr.confirmOnPhone')}</span>}
              </div>
            )}
          </>
        )}
      </div>
      <Typography.Paragraph type="secondary" className="qr-login__hint">
        {t('auth.qr.hint')}
      </Typography.Paragraph>
    </div>
  );
}
