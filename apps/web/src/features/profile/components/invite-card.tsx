import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { QrCode } from '../../../components/qr-code';
import type { Profile } from '../api/types';
import { SectionCard } from '../../../components/section-card';
import './profile.css';

export function inviteLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/login?mode=register&invite=${encodeURIComponent(code)}`;
}

/** The user's invite code, its sign-up link as a QR code, and who invited the user. */
export function InviteCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const link = inviteLink(profile.inviteCode);
  return (
    <SectionCard heading={t('profile.invite.title')}>
      <div className="profile-invite">
        <div className="profile-invite__qr">
          <QrCode value={link} label={t('profile.invite.qrLabel')} testId="invite-qr" />
        </div>
        <div className="profile-invite__body">
          <span className="profile-invite__label">{t('profile.invite.code')}</span>
          <Typography.Text
            className="profile-invite__code"
            copyable={{ text: profile.inviteCode, tooltips: [t('profile.invite.copyCode'), t('profile.invite.copied')] }}
            data-testid="invite-code"
          >
            {profile.inviteCode}
          </Typography.Text>
          <Typography.Paragraph type="secondary" className="profile-invite__hint">
            {t('profile.invite.hint')}
          </Typography.Paragraph>
          <Typography.Text
            copyable={{ text: link, tooltips: [t('profile.invite.copyLink'), t('profile.invite.copied')] }}
            className="profile-invite__link"
          >
            {t('profile.invite.copyLink')}
          </Typography.Text>
          {profile.inviter && (
            <p className="profile-invite__inviter" data-testid="inviter">
              {t('profile.invite.invitedBy', { name: profile.inviter.name })}
            </p>
          )}
        </div>
      </div>
    </SectionCard>
  );
}
