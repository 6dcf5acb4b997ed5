import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../i18n';
import { useSiteConfig } from '../../../api/site-config';
import './site-footer.css';

/** Footer of spec 1: every text and number comes from the server's site config. */
export function SiteFooter() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data: config, isPending, isError } = useSiteConfig();

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        {isPending ? (
          // Two shimmering lines, as antd's `Skeleton` draws them (the footer renders without antd: docs/web.md, "Loading").
          <ul className="site-footer__skeleton" aria-hidden>
            <li />
            <li />
          </ul>
        ) : isError || !config ? (
          <span className="site-footer__muted">{t('layout.footer.unavailable')}</span>
        ) : (
          <>
            <div className="site-footer__row">
              <a href={config.privacyUrl || '/privacyProtocol'} target="_blank" rel="noopener noreferrer">
                {t('layout.footer.privacy')}
              </a>
              <span aria-hidden className="site-footer__dot">
                ·
              </span>
              <span>{config.companyName[language]}</span>
            </div>
            <div className="site-footer__row">
              <span>
                {t('layout.footer.servicePhone')}: <a href={`tel:${config.servicePhone.replace(/[^\d+]/g, '')}`}>{config.servicePhone}</a>
              </span>
              <span aria-hidden className="site-footer__dot">
                ·
              </span>
              <span>
                {t('layout.footer.serviceHours')}: {config.serviceHours}
              </span>
            </div>
            <div className="site-footer__row site-footer__muted">
              <span>{config.softwareNotice[language]}</span>
              {config.certificateNumbers.length > 0 && (
                <span>
                  {t('layout.footer.certificates')}: {config.certificateNumbers.join(' / ')}
                </span>
              )}
            </div>
            {config.registrationLinks.length > 0 && (
              <div className="site-footer__row site-footer__muted">
                {config.registrationLinks.map((link) => (
                  <a key={link.url} href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.label[language]}
                  </a>
                ))}
              </div>
            )}
          </>
        )}
      </div>
    </footer>
  );
}
