import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/qr-code';
import { copyToClipboard } from '../../../lib/clipboard';
import { teamInviteLink } from '../lib/invite-link';

/**
 * The person's invite link and its QR code, to grow the team: whoever signs up through it becomes a
 * first-level member, and their own invitees second-level ones. `prominent` for a person with no team yet.
 */
export function TeamInvite({ code, prominent }: { code: string; prominent: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const link = teamInviteLink(code, window.location.origin);
  const copy = async (text: string) => {
    if (await copyToClipboard(text)) void message.success(t('team.invite.copied'));
    else void message.warning(t('team.invite.copyFailed'));
  };

  return (
    <div className={prominent ? 'team-invite team-invite--prominent' : 'team-invite'} data-testid="team-invite">
      <div className="team-invite__qr">
        <QrCode value={link} label={t('team.invite.qrLabel')} testId="team-invite-qr" />
      </div>
      <div className="team-invite__body">
        {prominent && (
          <Typography.Title level={3} className="team-invite__title">
            {t('team.invite.emptyTitle')}
          </Typography.Title>
        )}
        {prominent && (
          <Typography.Paragraph type="secondary" className="team-invite__hint">
            {t('team.invite.hint')}
          </Typography.Paragraph>
        )}
        <span className="team-invite__label">{t('team.invite.code')}</span>
        <span className="team-invite__code" data-testid="team-invite-code">
          {code}
        </span>
        <label className="team-invite__label" htmlFor="team-invite-link">
          {t('team.invite.link')}
        </label>
        <Space.Compact block>
          <Input id="team-invite-link" readOnly value={link} onFocus={(event) => event.target.select()} data-testid="team-invite-link" />
          <Button
            type={prominent ? 'primary' : 'default'}
            icon={<CopyOutlined />}
            onClick={() => void copy(link)}
            data-testid="team-invite-copy"
          >
            {t('team.invite.copy')}
          </Button>
        </Space.Compact>
      </div>
    </div>
  );
}
