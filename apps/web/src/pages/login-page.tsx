import { CheckCircleFilled } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { afterLoginTarget } from '../app/navigation-rules';
import { BrandMark } from '../components/brand-mark';
import { LanguageSwitch } from '../components/language-switch';
import { PasswordLoginForm } from '../features/auth/components/password-login-form';
import './login/login-page.css';

const POINTS = ['capture', 'publish', 'share'] as const;

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');

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
        <div className="login__panel">
          <Typography.Title level={1} className="login__title">
            {t('auth.welcome')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="login__subtitle">
            {t('auth.subtitle')}
          </Typography.Paragraph>
          <PasswordLoginForm onSuccess={() => navigate(afterLoginTarget(redirect), { replace: true })} />
          <p className="login__agreement">
            {t('auth.agreementPrefix')}{' '}
            <Link to="/userProtocol" target="_blank" rel="noopener">
              {t('menu.userProtocol')}
            </Link>{' '}
            {t('auth.agreementAnd')}{' '}
            <Link to="/privacyProtocol" target="_blank" rel="noopener">
              {t('menu.privacyProtocol')}
            </Link>
          </p>
          <Link to="/" className="login__back">
            ← {t('common.actions.backHome')}
          </Link>
        </div>
      </main>
    </div>
  );
}
