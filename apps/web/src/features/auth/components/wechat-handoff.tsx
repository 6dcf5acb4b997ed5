import { WechatOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IssuedVerificationCode } from '@spatia/contract';
import { useBindWechat, wechatHandoffQueryOptions } from '../api/wechat-login';
import { CodeField, requireIssuedCode } from './code-field';
import { PhoneField } from './phone-input';
import { AuthForm } from './auth-form';
import { RequestFailed } from './request-failed';
import './auth.css';

interface WechatHandoffProps {
  handoff: string;
  /** Signed in: go to the server-given redirect (the page makes it safe). */
  onSignedIn: (redirect: string) => void;
  onCancel: () => void;
}

interface BindValues {
  phoneNumber: string;
  verifyCode: string;
}

/**
 * Back from the provider: trade the handoff for a sign-in, or, on the first WeChat sign-in, bind a
 * phone number first (spec 1, 5: a phone must be bound on first login).
 */
export function WechatHandoff({ handoff, onSignedIn, onCancel }: WechatHandoffProps) {
  const { t } = useTranslation();
  const result = useQuery(wechatHandoffQueryOptions(handoff));
  const bind = useBindWechat();
  const [form] = Form.useForm<BindValues>();
  const [issued, setIssued] = useState<IssuedVerificationCode | null>(null);

  useEffect(() => {
    if (result.data?.bound) onSignedIn(result.data.redirect);
  }, [result.data, onSignedIn]);

  if (result.isPending || result.data?.bound) {
    return (
      <div className="wechat-handoff__wait" role="status">
        <Spin size="large" />
        <p>{t('auth.wechat.signingIn')}</p>
      </div>
    );
  }

  if (result.isError) {
    return (
      <RequestFailed
        title={t('auth.wechat.failedTitle')}
        error={result.error}
        extra={
          <Button type="primary" onClick={onCancel}>
            {t('auth.backToLogin')}
          </Button>
        }
      />
    );
  }

  const { unionId, nickname, redirect } = result.data;
  const submit = (values: BindValues) => {
    if (!requireIssuedCode(form, issued, t('validation.codeNotSent'))) return;
    bind.mutate(
      {
        phoneNumber: values.phoneNumber.trim(),
        unionId,
        verifyCode: values.verifyCode,
        expiredTime: issued.expiredTime,
        hash: issued.hash,
      },
      { onSuccess: () => onSignedIn(redirect) },
    );
  };

  return (
    <div data-testid="wechat-bind">
      <Alert
        type="success"
        showIcon
        icon={<WechatOutlined />}
        title={nickname ? t('auth.wechat.authorizedAs', { nickname }) : t('auth.wechat.authorized')}
        description={t('auth.wechat.bindReason')}
        className="wechat-handoff__alert"
      />
      <AuthForm<BindValues> form={form} name="bind" onFinish={submit}>
        <PhoneField autoFocus />
        <CodeField form={form} purpose="bindWechat" onIssued={setIssued} />
        <Button type="primary" htmlType="submit" block loading={bind.isPending} data-testid="wechat-bind-submit">
          {t('auth.wechat.bindSubmit')}
        </Button>
        <Button type="link" block onClick={onCancel} className="wechat-handoff__cancel">
          {t('auth.backToLogin')}
        </Button>
      </AuthForm>
    </div>
  );
}
