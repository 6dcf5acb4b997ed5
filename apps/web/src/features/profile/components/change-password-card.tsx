import { LockOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '../api/change-password';
import type { Profile } from '../api/types';
import { SectionCard } from '../../../components/section-card';
import './profile.css';
import { NewPasswordFields } from '../../../components/new-password-fields';

interface ChangePasswordValues {
  currentPassword?: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change (or, for an account made with an SMS code, set) the password; other sessions end. */
export function ChangePasswordCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangePassword();
  const [form] = Form.useForm<ChangePasswordValues>();

  const submit = (values: ChangePasswordValues) => {
    change.mutate(
      { currentPassword: profile.hasPassword ? values.currentPassword : undefined, newPassword: values.newPassword },
      {
        onSuccess: () => {
          form.resetFields();
          void message.success({ content: t('profile.password.changed'), duration: 6 });
        },
      },
    );
  };

  return (
    <SectionCard heading={profile.hasPassword ? t('profile.password.title') : t('profile.password.setTitle')}>
      {!profile.hasPassword && <Alert type="info" showIcon title={t('profile.password.noneYet')} className="profile-card__alert" />}
      <Form<ChangePasswordValues>
        form={form}
        name="password"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        className="profile-password"
      >
        {/* A hidden username helps password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={profile.phone} readOnly hidden />
        {profile.hasPassword && (
          <Form.Item
            name="currentPassword"
            label={t('profile.password.current')}
            rules={[{ required: true, message: t('validation.passwordRequired') }]}
          >
            <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
          </Form.Item>
        )}
        <NewPasswordFields name="newPassword" label={t('profile.password.new')} />
        <p className="profile-password__note">{t('profile.password.othersEnd')}</p>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
          {profile.hasPassword ? t('profile.password.submit') : t('profile.password.setSubmit')}
        </Button>
      </Form>
    </SectionCard>
  );
}
