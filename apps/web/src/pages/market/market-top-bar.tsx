import { AppstoreOutlined, ShopOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { HOME_AFTER_LOGIN } from '../../app/home-path';
import { loginPathFor } from '../../app/navigation-rules';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSwitch } from '../../components/language-switch';
import { useSession } from '../../stores/session-store';
import './market-top-bar.css';

/**
 * The market's pages have no site header (spec 2.1 names where it shows), so a slim bar: the brand (home),
 * the market, the language, and sign-in (back to this page) or the console.
 */
export function MarketTopBar() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const signedIn = useSession((session) => session.token !== '');
  return (
    <header className="market-topbar">
      <div className="market-topbar__inner">
        <BrandMark />
        <Link to="/market" className="market-topbar__market" data-testid="market-topbar-market">
          <ShopOutlined aria-hidden /> {t('market.title')}
        </Link>
        <span className="market-topbar__spacer" />
        <LanguageSwitch />
        {signedIn ? (
          <Button icon={<AppstoreOutlined aria-hidden />} onClick={() => void navigate(HOME_AFTER_LOGIN)} data-testid="market-console">
            {t('market.console')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => void navigate(loginPathFor(`${pathname}${search}`))} data-testid="market-login">
            {t('common.actions.login')}
          </Button>
        )}
      </div>
    </header>
  );
}
