import { MobileOutlined } from '@ant-design/icons';
import { Form, Input, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { phoneRules } from '../../../lib/account-rules';

/** An 11-digit mainland mobile number field. */
export function PhoneInput(props: InputProps) {
  const { t } = useTranslation();
  return (
    <Input
      prefix={<MobileOutlined aria-hidden />}
      placeholder={t('auth.phonePlaceholder')}
      inputMode="tel"
      autoComplete="tel"
      maxLength={11}
      {...props}
    />
  );
}

/** Keeps digits only (people paste numbers with spaces, dashes or the +86 country code). */
export function normalizePhone(value: string | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return (digits.length > 11 && digits.startsWith('86') ? digits.slice(2) : digits).slice(0, 11);
}

/** The form's `phoneNumber`: required, checked and kept to digits. */
export function PhoneField(props: InputProps) {
  const { t } = useTranslation();
  return (
    <Form.Item name="phoneNumber" label={t('auth.phone')} rules={phoneRules(t)} normalize={normalizePhone}>
      <PhoneInput {...props} />
    </Form.Item>
  );
}
