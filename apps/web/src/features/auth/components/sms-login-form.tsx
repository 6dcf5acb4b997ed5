import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssuedVerificationCode } from '@spatia/contract';
import { useSmsLogin } from '../api/sms-login';
import { readRememberedPhone, rememberPhone } from '../lib/remembered-phone';
import { CodeField, requireIssuedCode } from './code-field';
import { PhoneField } from './phone-input';
import { AuthForm } from './auth-form';
import { RememberPhoneCheckbox } from './remember-phone-checkbox';
import './auth.css';

interface SmsLoginValues {
  phoneNumber: string;
  verifyCode: string;
  remember: boolean;
}

/** Sign in with a code sent by SMS; a phone without an account gets one. */
export function SmsLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const login = useSmsLogin();
  const [form] = Form.useForm<SmsLoginValues>();
  const [issued, setIssued] = useState<IssuedVerificationCode | null>(null);
  const remembered = readRememberedPhone();

  const submit = (values: SmsLoginValues) => {
    if (!requireIssuedCode(form, issued, t('validation.codeNotSent'))) return;
    const phoneNumber = values.phoneNumber.trim();
    login.mutate(
      { phoneNumber, verifyCode: values.verifyCode, expiredTime: issued.expiredTime, hash: issued.hash },
      {
        onSuccess: () => {
          rememberPhone(values.remember ? phoneNumber : null);
          onSuccess();
        },
      },
    );
  };

  return (
    <AuthForm<SmsLoginValues>
      form={form}
      name="sms"
      onFinish={submit}
      initialValues={{ phoneNumber: remembered, remember: remembered !== '' }}
    >
      <PhoneField />
      <CodeField form={form} purpose="smsLogin" onIssued={setIssued} />
      <p className="auth-form__hint">{t('auth.sms.newPhoneHint')}</p>
      <RememberPhoneCheckbox />
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="sms-login-submit">
        {t('auth.submit')}
      </Button>
    </AuthForm>
  );
}
