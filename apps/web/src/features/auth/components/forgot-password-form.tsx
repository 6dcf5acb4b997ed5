import { App, Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssuedVerificationCode } from '@spatia/contract';
import { useResetPassword } from '../api/reset-password';
import { CodeField, requireIssuedCode } from './code-field';
import { PhoneField } from './phone-input';
import { AuthForm } from './auth-form';
import { NewPasswordFields } from '../../../components/new-password-fields';

interface ForgotPasswordValues {
  phoneNumber: string;
  verifyCode: string;
  newPwd: string;
  confirmPassword: string;
}

interface ForgotPasswordFormProps {
  /** Called with the phone once the password is set; every session has ended, so the user signs in. */
  onDone: (phoneNumber: string) => void;
}

export function ForgotPasswordForm({ onDone }: ForgotPasswordFormProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reset = useResetPassword();
  const [form] = Form.useForm<ForgotPasswordValues>();
  const [issued, setIssued] = useState<IssuedVerificationCode | null>(null);

  const submit = (values: ForgotPasswordValues) => {
    if (!requireIssuedCode(form, issued, t('validation.codeNotSent'))) return;
    const phoneNumber = values.phoneNumber.trim();
    reset.mutate(
      { phoneNumber, newPwd: values.newPwd, verifyCode: values.verifyCode, expiredTime: issued.expiredTime, hash: issued.hash },
      {
        onSuccess: () => {
          void message.success(t('auth.forgot.done'));
          onDone(phoneNumber);
        },
      },
    );
  };

  return (
    <AuthForm<ForgotPasswordValues> form={form} name="forgot" onFinish={submit}>
      <PhoneField autoFocus autoComplete="username" />
      <CodeField form={form} purpose="resetPassword" onIssued={setIssued} />
      <NewPasswordFields name="newPwd" label={t('auth.forgot.newPassword')} placeholder={t('auth.forgot.newPasswordPlaceholder')} />
      <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-submit">
        {t('auth.forgot.submit')}
      </Button>
    </AuthForm>
  );
}
