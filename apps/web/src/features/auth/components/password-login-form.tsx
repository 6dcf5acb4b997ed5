import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePasswordLogin, type PasswordLoginInput } from '../api/login';

const PHONE_PATTERN = /^\+?\d{6,20}$/;

interface PasswordLoginFormProps {
  onSuccess: () => void;
}

export function PasswordLoginForm({ onSuccess }: PasswordLoginFormProps) {
  const { t } = useTranslation();
  const login = usePasswordLogin();
  const [form] = Form.useForm<PasswordLoginInput>();

  const submit = (values: PasswordLoginInput) => {
    // The client has already shown the server's message on failure (spec 8); nothing else to do here.
    login.mutate({ phoneNumber: values.phoneNumber.trim(), password: values.password }, { onSuccess });
  };

  return (
    <Form<PasswordLoginInput>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={submit}
      autoComplete="on"
    >
      <Form.Item
        name="phoneNumber"
        label={t('auth.phone')}
        rules={[
          { required: true, message: t('auth.phoneRequired') },
          { pattern: PHONE_PATTERN, message: t('auth.phoneInvalid') },
        ]}
      >
        <Input
          prefix={<MobileOutlined aria-hidden />}
          placeholder={t('auth.phonePlaceholder')}
          inputMode="tel"
          autoComplete="username"
          autoFocus
        />
      </Form.Item>
      <Form.Item name="password" label={t('auth.password')} rules={[{ required: true, message: t('auth.passwordRequired') }]}>
        <Input.Password prefix={<LockOutlined aria-hidden />} placeholder={t('auth.passwordPlaceholder')} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('auth.submit')}
      </Button>
    </Form>
  );
}
