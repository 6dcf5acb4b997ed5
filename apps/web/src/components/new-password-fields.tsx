import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRules, newPasswordRules } from '../lib/account-rules';

/** A new password and its confirmation (`confirmPassword`), with the password rule shown under the first. */
export function NewPasswordFields({ name, label, placeholder }: { name: string; label: string; placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name={name} label={label} rules={newPasswordRules(t)} extra={t('auth.passwordRule')}>
        <Input.Password prefix={<LockOutlined aria-hidden />} placeholder={placeholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmPassword" label={t('auth.confirmPassword')} dependencies={[name]} rules={confirmPasswordRules(t, name)}>
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          placeholder={placeholder === undefined ? undefined : t('auth.confirmPasswordPlaceholder')}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
