import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLiveSitePage } from '../api/site-pages';
import { MembershipDialog } from '../features/membership';
import { MarketingPage, VersionComparison } from '../features/site-pages';
import { usePageVariant } from '../lib/use-page-variant';
import { useSession } from '../stores/session-store';
import { useComparedVersions } from './site/compared-versions';
import { SitePageState } from './site/site-page-state';
import { SiteTopBar } from './site/site-top-bar';
import { useLoginPrompt } from './site/use-login-prompt';

/**
 * /product (spec 2.2, desktop and mobile variants): the product page as its live version says, with the
 * membership versions compared at #versions. Apply opens the membership dialog on that version, or asks a
 * visitor to sign in first and comes back here.
 */
export default function ProductPage() {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh';
  const variant = usePageVariant();
  const { hash } = useLocation();
  const token = useSession((session) => session.token);
  const askToLogin = useLoginPrompt();
  const product = useLiveSitePage('product');
  const comparison = useLiveSitePage('membershipVersions');
  const { versions } = useComparedVersions();
  const [applying, setApplying] = useState<number>();

  const ready = product.data !== undefined && comparison.data !== undefined;
  useEffect(() => {
    // The membership dialog's "compare versions" and the hero's link land on the comparison.
    if (ready && hash === '#versions') document.getElementById('versions')?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);

  if (!product.data || !comparison.data) {
    return (
      <>
        <SiteTopBar />
        <SitePageState
          failed={product.isError || comparison.isError}
          onRetry={() => void Promise.all([product.refetch(), comparison.refetch()])}
        />
      </>
    );
  }

  const apply = (versionId: number) => {
    if (token) setApplying(versionId);
    else void askToLogin('/product#versions');
  };

  return (
    <>
      <SiteTopBar />
      <MarketingPage content={product.data.content[language]} variant={variant} testId="product-page">
        <VersionComparison content={comparison.data.content[language]} versions={versions} variant={variant} onApply={apply} />
      </MarketingPage>
      {token && <MembershipDialog open={applying !== undefined} versionId={applying} onClose={() => setApplying(undefined)} />}
    </>
  );
}
