import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';

/** "Remember my phone number" (the phone only; never a password). */
export function RememberPhoneCheckbox() {
  const { t } = useTranslation();
  return (
    <Form.Item name="remember" valuePropName="checked" className="auth-form__remember">
      <Checkbox>{t('auth.rememberPhone')}</Checkbox>
    </Form.Item>
  );
}
