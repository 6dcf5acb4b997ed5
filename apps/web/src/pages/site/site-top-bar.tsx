import { AppstoreOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { HOME_AFTER_LOGIN } from '../../app/home-path';
import { loginPathFor } from '../../app/navigation-rules';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSwitch } from '../../components/language-switch';
import { useSession } from '../../stores/session-store';
import './site-top-bar.css';

/**
 * /product and /enterprise show no site header (spec 2.1 names where it shows), so a slim bar of their own:
 * the brand (home), the two pages, the language, and sign-in (back here) or the console.
 */
export function SiteTopBar() {
  const { t } = useTranslation();
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const signedIn = useSession((session) => session.token !== '');
  return (
    <header className="site-topbar">
      <div className="site-topbar__inner">
        <BrandMark />
        <nav className="site-topbar__nav" aria-label={t('layout.mainNav')}>
          <NavLink to="/product" className="site-topbar__link">
            {t('menu.product')}
          </NavLink>
          <NavLink to="/enterprise" className="site-topbar__link">
            {t('menu.enterprise')}
          </NavLink>
        </nav>
        <span className="site-topbar__spacer" />
        <LanguageSwitch />
        {signedIn ? (
          <Button
            icon={<AppstoreOutlined aria-hidden />}
            onClick={() => void navigate(HOME_AFTER_LOGIN)}
            data-testid="site-console"
            aria-label={t('menu.managementSpace')}
          />
        ) : (
          <Button type="primary" onClick={() => void navigate(loginPathFor(`${pathname}${hash}`))} data-testid="site-login">
            {t('common.actions.login')}
          </Button>
        )}
      </div>
    </header>
  );
}
