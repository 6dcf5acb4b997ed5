import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { showsSiteChrome } from '../../app/navigation-rules';
import { SiteFooter } from '../../features/footer';
import { SiteHeader } from './site-header';
import './public-layout.css';

/** Public pages; the header and footer show only where spec 2.1 says. */
export default function PublicLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const chrome = showsSiteChrome(pathname);
  return (
    <div className="public-layout">
      <a href="#public-main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      {chrome && <SiteHeader />}
      <main id="public-main" className="public-layout__main" tabIndex={-1}>
        <Outlet />
      </main>
      {chrome && <SiteFooter />}
    </div>
  );
}
