/*
 * The public phone pages of spec 2.5 (docs/mobile.md): /mobile/home, /mobile/category/{id}, /mobile/product and
 * /mobile/map, over the APIs the desktop public site uses. The pages (apps/web/src/pages) frame them in the shell
 * and give them the shell's list, the map feature's works and the membership versions.
 */
export { getPublicWorks, type PageLoader } from './api/public-works';
export { MobileCategory } from './components/mobile-category';
export { MobileHome } from './components/mobile-home';
export { MobileMap, type MobileMapWork } from './components/mobile-map';
export { MobileProduct, type MobileVersion } from './components/mobile-product';
export { cardOfSummary, MobileWorkCard, type MobileWorkCardData } from './components/work-card';
export { categoryType, isMobileCategory, MOBILE_CATEGORIES, type MobileCategory as MobileCategoryId } from './lib/categories';
