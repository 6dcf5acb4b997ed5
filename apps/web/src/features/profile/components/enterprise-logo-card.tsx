import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Progress } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { httpsOnly } from '../../../stores/session-store';
import { useChangeEnterpriseLogo } from '../api/change-enterprise-logo';
import type { Profile } from '../api/types';
import { UploadRejectedError } from '../api/upload';
import { IMAGE_INPUT_ACCEPT, uploadRejectionMessage } from './upload-messages';
import { SectionCard } from '../../../components/section-card';
import './profile.css';

/** Enterprise accounts only. The logo is shown only from an https URL (spec 3). */
export function EnterpriseLogoCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangeEnterpriseLogo();
  const [progress, setProgress] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const logo = httpsOnly(profile.enterpriseLogoUrl);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      void message.error(t('profile.upload.notImage'));
      return;
    }
    setProgress(0);
    change.mutate(
      { file, onProgress: setProgress },
      {
        onSuccess: () => void message.success(t('profile.enterprise.saved')),
        onError: (error) => {
          if (error instanceof UploadRejectedError) void message.error(uploadRejectionMessage(t, error));
        },
      },
    );
  };

  return (
    <SectionCard heading={t('profile.enterprise.title')}>
      <div className="profile-logo">
        <div className="profile-logo__preview">
          {logo ? (
            <img src={logo} alt={t('profile.enterprise.logoAlt')} data-testid="enterprise-logo" />
          ) : (
            <PictureOutlined className="profile-logo__empty" aria-hidden />
          )}
        </div>
        <div className="profile-logo__body">
          {profile.enterpriseLogoUrl && !logo ? (
            <Alert type="info" showIcon title={t('profile.enterprise.httpsOnly')} />
          ) : (
            <p className="profile-logo__hint">{logo ? t('profile.enterprise.current') : t('profile.enterprise.none')}</p>
          )}
          <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} loading={change.isPending} data-testid="logo-upload">
            {logo ? t('profile.enterprise.replace') : t('profile.enterprise.upload')}
          </Button>
          <input ref={input} type="file" accept={IMAGE_INPUT_ACCEPT} hidden onChange={onPick} data-testid="logo-input" />
          {change.isPending && <Progress percent={Math.round(progress)} size="small" aria-label={t('common.crop.uploading')} />}
        </div>
      </div>
    </SectionCard>
  );
}
