import { AppstoreOutlined, HomeOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { HOME_AFTER_LOGIN } from '../../app/home-path';
import { loginPathFor } from '../../app/navigation-rules';
import { BrandMark } from '../../components/brand-mark';
import { LanguageSwitch } from '../../components/language-switch';
import { useSession } from '../../stores/session-store';
import './rentals-top-bar.css';

/** /rentingHouse shows no site header (spec 2.1): a slim bar with the brand, the listings, the language and sign-in. */
export function RentalsTopBar() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const signedIn = useSession((session) => session.token !== '');
  return (
    <header className="rentals-topbar">
      <div className="rentals-topbar__inner">
        <BrandMark />
        <Link to="/rentingHouse" className="rentals-topbar__link">
          <HomeOutlined aria-hidden /> {t('menu.rentingHouse')}
        </Link>
        <span className="rentals-topbar__spacer" />
        <LanguageSwitch />
        {signedIn ? (
          <Button icon={<AppstoreOutlined aria-hidden />} onClick={() => void navigate(HOME_AFTER_LOGIN)} data-testid="rentals-console">
            {t('rentals.console')}
          </Button>
        ) : (
          <Button type="primary" onClick={() => void navigate(loginPathFor(`${pathname}${search}`))} data-testid="rentals-login">
            {t('common.actions.login')}
          </Button>
        )}
      </div>
    </header>
  );
}
