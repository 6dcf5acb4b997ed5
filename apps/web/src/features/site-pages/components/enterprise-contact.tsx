import { MailOutlined, PhoneOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { EnterpriseContent } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import type { PageVariant } from './marketing-page';
import { SiteLinkButton } from './site-link';

/** /enterprise#contact: how to reach the team, the phone falling back to the site's service line. */
export function EnterpriseContact({
  contact,
  servicePhone,
  variant,
}: {
  contact: EnterpriseContent['contact'];
  servicePhone: string;
  variant: PageVariant;
}) {
  const { t } = useTranslation();
  const phone = contact.phone || servicePhone;
  return (
    <section
      id="contact"
      className={`site-section site-contact site-contact--${variant}`}
      aria-labelledby="site-contact-title"
      data-testid="enterprise-contact"
    >
      <div className="site-contact__card">
        <div className="site-contact__text">
          <h2 className="site-contact__title" id="site-contact-title">
            {contact.title}
          </h2>
          <p>{contact.text}</p>
        </div>
        <ul className="site-contact__ways">
          {phone && (
            <li>
              <PhoneOutlined aria-hidden /> <span className="site-contact__label">{t('sitePages.contact.phone')}</span>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </li>
          )}
          {contact.email && (
            <li>
              <MailOutlined aria-hidden /> <span className="site-contact__label">{t('sitePages.contact.email')}</span>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </li>
          )}
          {contact.address && (
            <li>
              <EnvironmentOutlined aria-hidden /> <span className="site-contact__label">{t('sitePages.contact.address')}</span>
              <span>{contact.address}</span>
            </li>
          )}
          {contact.ctaLabel && (
            <li className="site-contact__cta">
              <SiteLinkButton link="/product#versions" type="primary" size="large" block={variant === 'mobile'}>
                {contact.ctaLabel}
              </SiteLinkButton>
            </li>
          )}
        </ul>
      </div>
    </section>
  );
}
