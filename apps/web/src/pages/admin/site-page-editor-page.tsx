import { isSitePageKind } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { useSiteConfig } from '../../api/site-config';
import { PageHeader } from '../../components/page-header';
import { SitePageEditor } from '../../features/site-pages';
import { useComparedVersions } from '../site/compared-versions';

/** One site page's editor (/admin/sitePages/:kind, admins only): form, live preview, publish and history. */
export default function SitePageEditorPage() {
  const { t } = useTranslation();
  const { kind = '' } = useParams();
  const { versions } = useComparedVersions();
  const site = useSiteConfig().data;
  if (!isSitePageKind(kind)) return <Navigate to="/admin/sitePages" replace />;
  return (
    <>
      <PageHeader title={t(`sitePages.kinds.${kind}.name`)} subtitle={t(`sitePages.kinds.${kind}.where`)} />
      <SitePageEditor key={kind} kind={kind} versions={versions} servicePhone={site?.servicePhone ?? ''} />
    </>
  );
}
