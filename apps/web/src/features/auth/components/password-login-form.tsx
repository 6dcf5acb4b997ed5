import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { usePasswordLogin } from '../api/login';
import { readRememberedPhone, rememberPhone } from '../lib/remembered-phone';
import { formatWait, useCountdown } from '../lib/use-countdown';
import { PhoneField } from './phone-input';
import { AuthForm } from './auth-form';
import { RememberPhoneCheckbox } from './remember-phone-checkbox';
import './auth.css';

interface PasswordLoginValues {
  phoneNumber: string;
  password: string;
  remember: boolean;
}

interface PasswordLoginFormProps {
  onSuccess: () => void;
  /** A phone to start with (e.g. right after a password reset). */
  initialPhone?: string;
  /** Rendered beside "remember my phone number" (the forgot-password link). */
  extra?: ReactNode;
}

export function PasswordLoginForm({ onSuccess, initialPhone, extra }: PasswordLoginFormProps) {
  const { t } = useTranslation();
  const login = usePasswordLogin();
  const [form] = Form.useForm<PasswordLoginValues>();
  const remembered = readRememberedPhone();
  // After too many wrong passwords the server says how long to wait (429 + Retry-After): the button counts it down.
  const [waitLeft, startWait] = useCountdown();

  const submit = (values: PasswordLoginValues) => {
    const phoneNumber = values.phoneNumber.trim();
    // The client has already shown the server's message on failure (spec 8); only a wait is left to show.
    login.mutate(
      { phoneNumber, password: values.password },
      {
        onSuccess: () => {
          rememberPhone(values.remember ? phoneNumber : null);
          onSuccess();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds) startWait(error.retryAfterSeconds);
        },
      },
    );
  };

  return (
    <AuthForm<PasswordLoginValues>
      form={form}
      onFinish={submit}
      // Another phone number may not have to wait: let the server decide.
      onValuesChange={(changed: Partial<PasswordLoginValues>) => {
        if (changed.phoneNumber !== undefined && waitLeft > 0) startWait(0);
      }}
      autoComplete="on"
      initialValues={{ phoneNumber: initialPhone || remembered, remember: remembered !== '' }}
    >
      <PhoneField autoComplete="username" autoFocus={!initialPhone && !remembered} />
      <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('validation.passwordRequired') }]}>
        <Input.Password
          prefix={<LockOutlined aria-hidden />}
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          autoFocus={Boolean(initialPhone || remembered)}
        />
      </Form.Item>
      <div className="auth-form__row">
        <RememberPhoneCheckbox />
        {extra}
      </div>
      <Button type="primary" htmlType="submit" block loading={login.isPending} disabled={waitLeft > 0} data-testid="login-submit">
        {waitLeft > 0 ? t('auth.retryIn', { time: formatWait(waitLeft) }) : t('auth.submit')}
      </Button>
    </AuthForm>
  );
}
