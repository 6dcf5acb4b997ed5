import { CheckCircleFilled } from '@ant-design/icons';
import { Divider, Tabs, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { afterLoginTarget } from '../app/navigation-rules';
import { BrandMark } from '../components/brand-mark';
import { LanguageSwitch } from '../components/language-switch';
import {
  ForgotPasswordForm,
  PasswordLoginForm,
  QrLoginPanel,
  RegisterForm,
  SmsLoginForm,
  WechatHandoff,
  WechatLoginButton,
} from '../features/auth';
import { useSiteConfig } from '../api/site-config';
import './login/login-page.css';

const POINTS = ['capture', 'publish', 'share'] as const;

type Mode = 'login' | 'register' | 'forgot' | 'wechat';
type LoginTab = 'password' | 'sms' | 'qr';

function modeOf(params: URLSearchParams): Mode {
  if (params.get('wechatHandoff')) return 'wechat';
  const mode = params.get('mode');
  return mode === 'register' || mode === 'forgot' ? mode : 'login';
}

/** Sign in (password, SMS code, QR scan, WeChat), sign up and password reset, switched by `?mode=`. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data: siteConfig } = useSiteConfig();
  const redirect = searchParams.get('redirect');
  const mode = modeOf(searchParams);
  const [tab, setTab] = useState<LoginTab>('password');
  const [phoneAfterReset, setPhoneAfterReset] = useState('');

  const signedIn = useCallback(
    (target: string | null = redirect) => void navigate(afterLoginTarget(target), { replace: true }),
    [navigate, redirect],
  );
  const onSignedIn = useCallback(() => signedIn(), [signedIn]);

  /** `?mode=` links keep the redirect, so the user still lands where they were going. */
  const hrefFor = (next: Exclude<Mode, 'wechat'>): string => {
    const params = new URLSearchParams();
    if (next !== 'login') params.set('mode', next);
    if (redirect) params.set('redirect', redirect);
    const query = params.toString();
    return query ? `/login?${query}` : '/login';
  };

  const title = {
    login: t('auth.welcome'),
    register: t('auth.register.title'),
    forgot: t('auth.forgot.title'),
    wechat: t('auth.wechat.title'),
  }[mode];
  const subtitle = {
    login: t('auth.subtitle'),
    register: t('auth.register.subtitle'),
    forgot: t('auth.forgot.subtitle'),
    wechat: t('auth.wechat.subtitle'),
  }[mode];

  const forgotLink = (
    <Link to={hrefFor('forgot')} className="auth-form__forgot" data-testid="forgot-link">
      {t('auth.forgotLink')}
    </Link>
  );

  const tabs = [
    {
      key: 'password',
      label: t('auth.passwordTab'),
      children: <PasswordLoginForm onSuccess={onSignedIn} initialPhone={phoneAfterReset} extra={forgotLink} />,
    },
    { key: 'sms', label: t('auth.smsTab'), children: <SmsLoginForm onSuccess={onSignedIn} /> },
    // Mounted only while shown: leaving the tab stops the polling.
    { key: 'qr', label: t('auth.qrTab'), children: tab === 'qr' ? <QrLoginPanel onSuccess={onSignedIn} /> : null },
  ];

  return (
    <div className="login">
      <aside className="login__aside" aria-hidden="false">
        <BrandMark inverted />
        <div className="login__aside-body">
          <h2>{t('auth.asideTitle')}</h2>
          <ul>
            {POINTS.map((point) => (
              <li key={point}>
                <CheckCircleFilled aria-hidden /> {t(`auth.asidePoints.${point}`)}
              </li>
            ))}
          </ul>
        </div>
        <p className="login__aside-foot">{t('common.brandTagline')}</p>
      </aside>
      <main className="login__main" id="login-main">
        <div className="login__topbar">
          <span className="login__mobile-brand">
            <BrandMark />
          </span>
          <LanguageSwitch />
        </div>
        <div className="login__panel" data-mode={mode}>
          <Typography.Title level={1} className="login__title">
            {title}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="login__subtitle">
            {subtitle}
          </Typography.Paragraph>

          {mode === 'login' && (
            <>
              <Tabs activeKey={tab} onChange={(key) => setTab(key as LoginTab)} items={tabs} className="login__tabs" />
              {siteConfig?.wechatLogin === true && (
                <>
                  <Divider plain className="login__divider">
                    {t('auth.otherMethods')}
                  </Divider>
                  <WechatLoginButton redirect={afterLoginTarget(redirect)} />
                </>
              )}
              <p className="login__switch">
                {t('auth.noAccount')}{' '}
                <Link to={hrefFor('register')} data-testid="register-link">
                  {t('auth.register.link')}
                </Link>
              </p>
            </>
          )}

          {mode === 'register' && (
            <>
              <RegisterForm onSuccess={onSignedIn} inviteCode={searchParams.get('invite') ?? undefined} />
              <p className="login__switch">
                {t('auth.haveAccount')} <Link to={hrefFor('login')}>{t('auth.loginLink')}</Link>
              </p>
            </>
          )}

          {mode === 'forgot' && (
            <>
              <ForgotPasswordForm
                onDone={(phone) => {
                  setPhoneAfterReset(phone);
                  setTab('password');
                  void navigate(hrefFor('login'), { replace: true });
                }}
              />
              <p className="login__switch">
                <Link to={hrefFor('login')}>{t('auth.backToLogin')}</Link>
              </p>
            </>
          )}

          {mode === 'wechat' && (
            <WechatHandoff
              handoff={searchParams.get('wechatHandoff') ?? ''}
              onSignedIn={signedIn}
              onCancel={() => void navigate(hrefFor('login'), { replace: true })}
            />
          )}

          {mode !== 'wechat' && (
            <p className="login__agreement">
              {mode === 'register' ? t('auth.registerAgreementPrefix') : t('auth.agreementPrefix')}{' '}
              <Link to="/userProtocol" target="_blank" rel="noopener">
                {t('menu.userProtocol')}
              </Link>{' '}
              {t('auth.agreementAnd')}{' '}
              <Link to="/privacyProtocol" target="_blank" rel="noopener">
                {t('menu.privacyProtocol')}
              </Link>
            </p>
          )}
          <Link to="/" className="login__back">
            ← {t('common.actions.backHome')}
          </Link>
        </div>
      </main>
    </div>
  );
}
