import { FeaturePage } from '../../components/feature-page';
import { SitePagesList } from '../../features/site-pages';

/** The editable site pages (/admin/sitePages, admins only; docs/site-pages.md). */
export default function SitePagesPage() {
  return (
    <FeaturePage titleKey="menu.adminSitePages" subtitleKey="sitePages.list.subtitle">
      <SitePagesList />
    </FeaturePage>
  );
}
