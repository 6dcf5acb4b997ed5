import type { Language, SitePageContentByKind, SitePageKind } from '@spatia/contract';
import { useLiveSitePage } from '../../../api/site-pages';
import { ClientDownloadPanel } from '../../../components/client-download-panel';
import { EnterpriseContact } from './enterprise-contact';
import { MarketingPage, type PageVariant } from './marketing-page';
import { ProtocolView } from './protocol-view';
import { VersionComparison, type ComparedVersion } from './version-comparison';

export interface PreviewProps {
  kind: SitePageKind;
  /** The page in one language, as the form holds it now. */
  content: SitePageContentByKind[SitePageKind];
  language: Language;
  variant: PageVariant;
  /** The membership versions on offer, for the comparison (the page supplies them from the membership feature). */
  versions: readonly ComparedVersion[];
  servicePhone: string;
}

const noop = () => undefined;

/** The real page components rendering a draft, as the back office's live preview. */
export function SitePagePreview({ kind, content, language, variant, versions, servicePhone }: PreviewProps) {
  // The product page shows the live comparison text; the comparison's own page previews its draft.
  const comparison = useLiveSitePage('membershipVersions', kind === 'product');
  switch (kind) {
    case 'product': {
      const live = comparison.data?.content[language];
      return (
        <MarketingPage content={content as SitePageContentByKind['product']} variant={variant} testId="preview-product">
          {live && <VersionComparison content={live} versions={versions} variant={variant} onApply={noop} />}
        </MarketingPage>
      );
    }
    case 'enterprise': {
      const enterprise = content as SitePageContentByKind['enterprise'];
      return (
        <MarketingPage content={enterprise} variant={variant} testId="preview-enterprise">
          <EnterpriseContact contact={enterprise.contact} servicePhone={servicePhone} variant={variant} />
        </MarketingPage>
      );
    }
    case 'membershipVersions':
      return (
        <div className={`site-page site-page--${variant}`}>
          <VersionComparison
            content={content as SitePageContentByKind['membershipVersions']}
            versions={versions}
            variant={variant}
            onApply={noop}
          />
        </div>
      );
    case 'clientDownload':
      return (
        <div className="site-preview__dialog">
          <h3 className="site-preview__dialog-title">{(content as SitePageContentByKind['clientDownload']).title}</h3>
          <ClientDownloadPanel
            content={content as SitePageContentByKind['clientDownload']}
            fallbackDownloadUrl="/mobile/download"
            fallbackApkUrl=""
          />
        </div>
      );
    case 'userProtocol':
    case 'privacyProtocol':
    case 'rechargeProtocol':
      return (
        <div className="site-preview__protocol">
          <ProtocolView content={content as SitePageContentByKind['userProtocol']} />
        </div>
      );
  }
}
