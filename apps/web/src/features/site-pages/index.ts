// What other parts of the web app use of the site-pages feature: they import it from here, never from its folders.
export { EnterpriseContact } from './components/enterprise-contact';
export { MarketingPage, type PageVariant } from './components/marketing-page';
export { ProtocolView } from './components/protocol-view';
export { SitePageEditor } from './components/site-page-editor';
export { SitePagesList } from './components/site-pages-list';
export { VersionComparison, type ComparedVersion } from './components/version-comparison';
