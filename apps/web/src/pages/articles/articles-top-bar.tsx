import { AppstoreOutlined, ReadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { HOME_AFTER_LOGIN } from '../../app/home-path';
import { loginPathFor } from '../../app/navigation-rules';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSwitch } from '../../components/language-switch';
import { useSession } from '../../stores/session-store';
import '../market/market-top-bar.css';

/**
 * The course guide's pages have no site header (spec 2.1 names where it shows): the market's slim bar,
 * with the course guide in place of the market.
 */
export function ArticlesTopBar() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const signedIn = useSession((session) => session.token !== '');
  return (
    <header className="market-topbar">
      <div className="market-topbar__inner">
        <BrandMark />
        <Link to="/guide" className="market-topbar__market" data-testid="guide-topbar">
          <ReadOutlined aria-hidden /> {t('menu.guide')}
        </Link>
        <span className="market-topbar__spacer" />
        <LanguageSwitch />
        {signedIn ? (
          <Button icon={<AppstoreOutlined aria-hidden />} onClick={() => void navigate(HOME_AFTER_LOGIN)}>
            {t('menu.managementSpace')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => void navigate(loginPathFor(`${pathname}${search}`))} data-testid="guide-login">
            {t('common.actions.login')}
          </Button>
        )}
      </div>
    </header>
  );
}
