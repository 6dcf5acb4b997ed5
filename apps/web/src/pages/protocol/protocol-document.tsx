import type { ProtocolPageKind } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useLiveSitePage } from '../../api/site-pages';
import { BrandBar } from '../../components/brand-bar';
import { ProtocolView } from '../../features/site-pages';
import { SitePageState } from '../site/site-page-state';
import './protocol-document.css';

/** A protocol (user, privacy, recharge) as its live version says (docs/site-pages.md). */
export function ProtocolDocument({ kind }: { kind: ProtocolPageKind }) {
  const { i18n } = useTranslation();
  const page = useLiveSitePage(kind);
  return (
    <div className="protocol">
      <BrandBar className="protocol__bar" />
      {page.data ? (
        <ProtocolView content={page.data.content[i18n.language === 'en' ? 'en' : 'zh']} />
      ) : (
        <SitePageState failed={page.isError} onRetry={() => void page.refetch()} />
      )}
    </div>
  );
}
