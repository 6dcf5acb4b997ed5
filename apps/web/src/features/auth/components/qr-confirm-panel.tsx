import { DesktopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeDevice } from '../../../lib/user-agent';
import { useSession } from '../../../stores/session-store';
import { qrScanQueryOptions, useAnswerQrTicket } from '../api/qr-confirm';
import { RequestFailed } from './request-failed';
import { usePersonName } from '../../../lib/use-person-name';
import './auth.css';

interface QrConfirmPanelProps {
  ticket: string;
  /** Where "done" leads (the console). */
  onDone: () => void;
}

/** The two answers, the one that signs in first. */
const ANSWERS = [
  { accept: true, type: 'primary', labelKey: 'auth.qrConfirm.confirm', testId: 'qr-confirm-accept' },
  { accept: false, type: undefined, labelKey: 'auth.qrConfirm.decline', testId: 'qr-confirm-decline' },
] as const;

/**
 * The phone side of QR sign-in: opening the page marks the ticket scanned; the user then confirms or
 * declines signing in on the computer that shows the code.
 */
export function QrConfirmPanel({ ticket, onDone }: QrConfirmPanelProps) {
  const { t } = useTranslation();
  const personName = usePersonName();
  const name = personName(useSession((session) => session.name));
  const scan = useQuery(qrScanQueryOptions(ticket));
  const answer = useAnswerQrTicket();

  if (!ticket) {
    return <Result status="warning" title={t('auth.qrConfirm.noTicketTitle')} subTitle={t('auth.qrConfirm.noTicket')} />;
  }

  if (scan.isPending) {
    return (
      <div className="qr-confirm__wait" role="status">
        <Spin size="large" />
      </div>
    );
  }

  if (scan.isError) {
    return (
      <RequestFailed
        title={t('auth.qrConfirm.failedTitle')}
        error={scan.error}
        extra={<Typography.Text type="secondary">{t('auth.qrConfirm.scanAgain')}</Typography.Text>}
      />
    );
  }

  if (answer.isSuccess) {
    const accepted = answer.data.status === 'confirmed';
    return (
      <Result
        status={accepted ? 'success' : 'info'}
        title={accepted ? t('auth.qrConfirm.confirmedTitle') : t('auth.qrConfirm.declinedTitle')}
        subTitle={accepted ? t('auth.qrConfirm.confirmedText') : t('auth.qrConfirm.declinedText')}
        extra={
          <Button size="large" onClick={onDone}>
            {t('common.actions.goConsole')}
          </Button>
        }
        data-testid="qr-confirm-done"
      />
    );
  }

  const { client } = scan.data;
  const respond = (accept: boolean) => answer.mutate({ ticket, accept });

  return (
    <div className="qr-confirm__ask" data-testid="qr-confirm-ask">
      <span className="qr-confirm__icon" aria-hidden>
        <DesktopOutlined />
      </span>
      <Typography.Title level={1} className="qr-confirm__title">
        {t('auth.qrConfirm.question')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.qrConfirm.account', { name })}</Typography.Paragraph>
      <dl className="qr-confirm__client">
        <div>
          <dt>{t('auth.qrConfirm.device')}</dt>
          <dd>{describeDevice(client.userAgent)}</dd>
        </div>
        <div>
          <dt>{t('auth.qrConfirm.ip')}</dt>
          <dd>{client.ip || '—'}</dd>
        </div>
      </dl>
      <Typography.Paragraph type="secondary" className="qr-confirm__warning">
        {t('auth.qrConfirm.warning')}
      </Typography.Paragraph>
      <div className="qr-confirm__actions">
        {ANSWERS.map(({ accept, type, labelKey, testId }) => (
          <Button
            key={testId}
            type={type}
            size="large"
            block
            loading={answer.isPending && answer.variables?.accept === accept}
            disabled={answer.isPending}
            onClick={() => respond(accept)}
            data-testid={testId}
          >
            {t(labelKey)}
          </Button>
        ))}
      </div>
    </div>
  );
}
