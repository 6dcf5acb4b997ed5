import { useTranslation } from 'react-i18next';
import { useLiveSitePage } from '../api/site-pages';
import { useSiteConfig } from '../api/site-config';
import { EnterpriseContact, MarketingPage } from '../features/site-pages';
import { usePageVariant } from '../lib/use-page-variant';
import { SitePageState } from './site/site-page-state';
import { SiteTopBar } from './site/site-top-bar';

/** /enterprise (spec 2.2, desktop and mobile variants): the enterprise page as its live version says, with how to reach the team. */
export default function EnterprisePage() {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh';
  const variant = usePageVariant();
  const page = useLiveSitePage('enterprise');
  const site = useSiteConfig().data;

  if (!page.data) {
    return (
      <>
        <SiteTopBar />
        <SitePageState failed={page.isError} onRetry={() => void page.refetch()} />
      </>
    );
  }
  const content = page.data.content[language];
  return (
    <>
      <SiteTopBar />
      <MarketingPage content={content} variant={variant} testId="enterprise-page">
        <EnterpriseContact contact={content.contact} servicePhone={site?.servicePhone ?? ''} variant={variant} />
      </MarketingPage>
    </>
  );
}
