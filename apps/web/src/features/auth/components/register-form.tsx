import { GiftOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssuedVerificationCode } from '@spatia/contract';
import { useRegister } from '../api/register';
import { CodeField, requireIssuedCode } from './code-field';
import { PhoneField } from './phone-input';
import { AuthForm } from './auth-form';
import { NewPasswordFields } from '../../../components/new-password-fields';

interface RegisterValues {
  phoneNumber: string;
  verifyCode: string;
  password: string;
  confirmPassword: string;
  invitedCode?: string;
}

interface RegisterFormProps {
  onSuccess: () => void;
  /** From `?invite=CODE`. */
  inviteCode?: string;
}

export function RegisterForm({ onSuccess, inviteCode }: RegisterFormProps) {
  const { t } = useTranslation();
  const register = useRegister();
  const [form] = Form.useForm<RegisterValues>();
  const [issued, setIssued] = useState<IssuedVerificationCode | null>(null);

  const submit = (values: RegisterValues) => {
    if (!requireIssuedCode(form, issued, t('validation.codeNotSent'))) return;
    register.mutate(
      {
        phoneNumber: values.phoneNumber.trim(),
        password: values.password,
        invitedCode: values.invitedCode?.trim() || undefined,
        verifyCode: values.verifyCode,
        expiredTime: issued.expiredTime,
        hash: issued.hash,
      },
      { onSuccess },
    );
  };

  return (
    <AuthForm<RegisterValues> form={form} name="register" onFinish={submit} initialValues={{ invitedCode: inviteCode ?? '' }}>
      <PhoneField autoFocus />
      <CodeField form={form} purpose="register" onIssued={setIssued} />
      <NewPasswordFields name="password" label={t('auth.register.password')} placeholder={t('auth.register.passwordPlaceholder')} />
      <Form.Item name="invitedCode" label={t('auth.register.inviteCode')}>
        <Input
          prefix={<GiftOutlined aria-hidden />}
          placeholder={t('auth.register.inviteCodePlaceholder')}
          maxLength={16}
          autoComplete="off"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={register.isPending} data-testid="register-submit">
        {t('auth.register.submit')}
      </Button>
    </AuthForm>
  );
}
