import { APP_DOWNLOAD_PAGE_PATH, Permission, Role } from '@spatia/contract';
import type { AppRoute } from './route-types';

/*
 * Every route of spec 2.2-2.5, as data. The router, the guard, the sidebar, the breadcrumb and the
 * page title all read this table. A route gets a `page` only when its page is built; the others are
 * declared so that access rules and later issues see them, and show the 404 page until then.
 */

/** Spec 2.2 plus the other open public paths of 2.1 (search, market). */
export const publicRoutes: readonly AppRoute[] = [
  { path: '/', meta: { titleKey: 'menu.home', layout: 'public', antd: false }, page: () => import('../pages/home-page') },
  { path: '/index', redirect: '/', meta: { titleKey: 'menu.index', layout: 'public', hidden: true } },
  {
    path: '/rentingHouse',
    meta: { titleKey: 'menu.rentingHouse', layout: 'public', keepAlive: true },
    page: () => import('../pages/renting-house-page'),
  },
  { path: '/addOrder', meta: { titleKey: 'menu.addOrder', layout: 'public' }, page: () => import('../pages/add-order-page') },
  {
    // Desktop and mobile variants (spec 2.2), chosen by the screen's width; the membership versions compared at #versions.
    path: '/product',
    meta: { titleKey: 'menu.product', layout: 'public', variants: true },
    page: () => import('../pages/product-page'),
  },
  { path: '/guide', meta: { titleKey: 'menu.guide', layout: 'public' }, page: () => import('../pages/guide-page') },
  {
    path: '/articleDetails/:id',
    meta: { titleKey: 'menu.articleDetails', layout: 'public', hidden: true },
    page: () => import('../pages/article-details-page'),
  },
  {
    path: '/enterprise',
    meta: { titleKey: 'menu.enterprise', layout: 'public', variants: true },
    page: () => import('../pages/enterprise-page'),
  },
  { path: '/map', meta: { titleKey: 'menu.map', layout: 'public' }, page: () => import('../pages/map-page') },
  {
    path: '/userProtocol',
    meta: { titleKey: 'menu.userProtocol', layout: 'public', hidden: true },
    page: () => import('../pages/user-protocol-page'),
  },
  {
    path: '/privacyProtocol',
    meta: { titleKey: 'menu.privacyProtocol', layout: 'public', hidden: true },
    page: () => import('../pages/privacy-protocol-page'),
  },
  {
    path: '/rechargeProtocol',
    meta: { titleKey: 'menu.rechargeProtocol', layout: 'public', hidden: true },
    page: () => import('../pages/recharge-protocol-page'),
  },
  {
    path: '/alipayAuthorization',
    meta: { titleKey: 'menu.alipayAuthorization', layout: 'public', hidden: true },
    page: () => import('../pages/alipay-authorization-page'),
  },
  {
    path: '/details/:id',
    meta: { titleKey: 'menu.details', layout: 'public', hidden: true },
    page: () => import('../pages/details-page'),
  },
  { path: '/person', meta: { titleKey: 'menu.person', layout: 'public' }, page: () => import('../pages/person-page') },
  {
    path: '/userWork/:id',
    meta: { titleKey: 'menu.userWork', layout: 'public', hidden: true },
    page: () => import('../pages/user-work-page'),
  },
  { path: '/search', meta: { titleKey: 'menu.search', layout: 'public' }, page: () => import('../pages/search-page') },
  { path: '/market', meta: { titleKey: 'menu.market', layout: 'public' }, page: () => import('../pages/market-page') },
  {
    path: '/marketDetails/:id',
    meta: { titleKey: 'menu.marketDetails', layout: 'public', hidden: true },
    page: () => import('../pages/market-details-page'),
  },
];

/** Pages without the public or console chrome. */
export const standaloneRoutes: readonly AppRoute[] = [
  { path: '/login', meta: { titleKey: 'menu.login', layout: 'none', hidden: true }, page: () => import('../pages/login-page') },
  { path: '/404', meta: { titleKey: 'menu.notFound', layout: 'none', hidden: true }, page: () => import('../pages/not-found-page') },
];

/** Spec 2.3: the logged-in layout routes every signed-in user has (role-restricted ones aside). */
export const consoleRoutes: readonly AppRoute[] = [
  {
    path: '/dashboard/dashboard',
    meta: { titleKey: 'menu.dashboard', icon: 'dashboard', layout: 'console' },
    page: () => import('../pages/dashboard-page'),
  },
  {
    path: '/model/receiptModel',
    meta: { titleKey: 'menu.receiptModel', icon: 'receipt', layout: 'console' },
    page: () => import('../pages/receipt-model-page'),
  },
  {
    path: '/model/sendModel',
    meta: { titleKey: 'menu.sendModel', icon: 'send', layout: 'console' },
    page: () => import('../pages/send-model-page'),
  },
  {
    // Works bought on the market (issue 27, docs/market.md): not a spec page; every signed-in person may buy.
    path: '/model/bought',
    meta: { titleKey: 'menu.bought', icon: 'bought', layout: 'console' },
    page: () => import('../pages/bought-works-page'),
  },
  {
    // Full screen: the panorama needs the room. Ownership is the server's check, as for the works list.
    path: '/model/tour/:id',
    meta: { titleKey: 'menu.tourEditor', layout: 'none', hidden: true, activeMenu: '/dashboard/dashboard' },
    page: () => import('../pages/tour-editor-page'),
  },
  {
    path: '/recharge/index',
    meta: { titleKey: 'menu.recharge', icon: 'recharge', layout: 'console', roles: [Role.photographer, Role.customer] },
    page: () => import('../pages/recharge-page'),
  },
  {
    path: '/signed/index',
    meta: { titleKey: 'menu.signed', icon: 'signed', layout: 'console', roles: [Role.photographer] },
    page: () => import('../pages/signed-page'),
  },
  {
    // Not a spec route (docs/web.md "Service orders"): the shoots a customer or merchant booked; the spec's
    // /order/consume/serviceProvider lists their payments too, but only for merchants.
    path: '/serviceOrders',
    meta: { titleKey: 'menu.serviceOrders', icon: 'order', layout: 'console', roles: [Role.customer, Role.merchant] },
    page: () => import('../pages/service-orders-page'),
  },
  {
    // One service order, for its customer and its provider alike (the server decides who may see it).
    path: '/serviceOrder/:id',
    meta: { titleKey: 'menu.serviceOrder', layout: 'console', hidden: true, activeMenu: '/serviceOrders' },
    page: () => import('../pages/service-order-page'),
  },
  {
    // Reached from the bell's "see all" in both top bars (docs/notifications.md).
    path: '/notifications',
    meta: { titleKey: 'menu.notifications', layout: 'console', hidden: true },
    page: () => import('../pages/notifications-page'),
  },
];

/** The seven order pages are one page that reads its kind of order from the path. */
const orderPage = () => import('../pages/orders-page');

/** Spec 2.4: sidebar routes gated by a permission id (filtered by spec 6). */
export const permissionRoutes: readonly AppRoute[] = [
  {
    // The spec's external link when POINT_CLOUD_LIST_URL names one; this page otherwise (docs/web.md).
    path: '/pointCloudList',
    meta: {
      titleKey: 'menu.pointCloudList',
      icon: 'pointCloud',
      layout: 'console',
      perm: Permission.pointCloudList,
      externalUrlSetting: 'pointCloudListUrl',
    },
    page: () => import('../pages/point-cloud-list-page'),
  },
  {
    path: '/userInformation',
    meta: { titleKey: 'menu.userInformation', icon: 'user', layout: 'console', perm: Permission.userInformation },
    children: [
      {
        path: '/userInformation/index',
        meta: { titleKey: 'menu.userInformationIndex', layout: 'console', perm: Permission.userInformation },
        page: () => import('../pages/user-information-page'),
      },
      {
        path: '/userInformation/vip',
        meta: { titleKey: 'menu.userInformationVip', layout: 'console', hidden: true, activeMenu: '/userInformation/index' },
        page: () => import('../pages/membership-vip-page'),
      },
    ],
  },
  {
    path: '/recode',
    meta: { titleKey: 'menu.recode', icon: 'income', layout: 'console', perm: Permission.income },
    children: [
      {
        path: '/recode/income',
        meta: { titleKey: 'menu.income', layout: 'console', perm: Permission.income },
        page: () => import('../pages/income-page'),
      },
    ],
  },
  {
    path: '/wallet',
    meta: { titleKey: 'menu.wallet', icon: 'wallet', layout: 'console', perm: Permission.wallet },
    children: [
      {
        path: '/wallet/index',
        meta: { titleKey: 'menu.walletIndex', layout: 'console', perm: Permission.wallet },
        page: () => import('../pages/wallet-page'),
      },
      {
        path: '/wallet/lease',
        meta: { titleKey: 'menu.walletLease', layout: 'console', hidden: true, activeMenu: '/wallet/index' },
        page: () => import('../pages/wallet-lease-page'),
      },
      {
        path: '/wallet/withdrawRecord',
        meta: { titleKey: 'menu.walletWithdrawRecord', layout: 'console', hidden: true, activeMenu: '/wallet/index' },
        page: () => import('../pages/wallet-withdraw-record-page'),
      },
      {
        path: '/wallet/withdraw',
        meta: { titleKey: 'menu.walletWithdraw', layout: 'console', hidden: true, activeMenu: '/wallet/index' },
        page: () => import('../pages/wallet-withdraw-page'),
      },
    ],
  },
  {
    path: '/order',
    meta: { titleKey: 'menu.order', icon: 'order', layout: 'console', perm: Permission.order },
    children: [
      {
        path: '/order/consume',
        meta: { titleKey: 'menu.orderConsume', layout: 'console' },
        children: [
          { path: '/order/consume/orientation', meta: { titleKey: 'menu.orderOrientation', layout: 'console' }, page: orderPage },
          { path: '/order/consume/market', meta: { titleKey: 'menu.orderMarket', layout: 'console' }, page: orderPage },
          { path: '/order/consume/flow', meta: { titleKey: 'menu.orderFlow', layout: 'console' }, page: orderPage },
          {
            path: '/order/consume/serviceProvider',
            meta: { titleKey: 'menu.orderServiceProvider', layout: 'console', roles: [Role.merchant] },
            page: orderPage,
          },
          // Membership renewals (issue 26): not a spec page; the same permission (162) as the other orders.
          { path: '/order/consume/membership', meta: { titleKey: 'menu.orderMembership', layout: 'console' }, page: orderPage },
        ],
      },
      {
        path: '/order/income',
        meta: { titleKey: 'menu.orderIncome', layout: 'console' },
        children: [
          { path: '/order/income/orientation', meta: { titleKey: 'menu.orderOrientation', layout: 'console' }, page: orderPage },
          { path: '/order/income/serviceProvider', meta: { titleKey: 'menu.orderServiceProvider', layout: 'console' }, page: orderPage },
          { path: '/order/income/market', meta: { titleKey: 'menu.orderMarket', layout: 'console' }, page: orderPage },
        ],
      },
    ],
  },
  {
    path: '/team',
    meta: { titleKey: 'menu.team', icon: 'team', layout: 'console', perm: Permission.team },
    children: [
      {
        path: '/team/index',
        meta: { titleKey: 'menu.team', layout: 'console', perm: Permission.team },
        page: () => import('../pages/team-page'),
      },
    ],
  },
  {
    path: '/tujingxiu',
    meta: { titleKey: 'menu.tujingxiu', icon: 'tujingxiu', layout: 'console', perm: Permission.tujingxiu },
    children: [
      {
        path: '/tujingxiu/tujingxiu',
        meta: { titleKey: 'menu.tujingxiu', layout: 'console', perm: Permission.tujingxiu },
        page: () => import('../pages/showcases-page'),
      },
    ],
  },
  {
    path: '/landingPage',
    meta: { titleKey: 'menu.landingPage', icon: 'landingPage', layout: 'console', perm: Permission.tujingxiu },
    children: [
      {
        path: '/landingPage/landingPage',
        meta: { titleKey: 'menu.landingPage', layout: 'console', perm: Permission.tujingxiu, query: ['tab'] },
        page: () => import('../pages/landing-pages-page'),
      },
    ],
  },
  {
    path: '/explain',
    meta: { titleKey: 'menu.explain', icon: 'explain', layout: 'console', perm: Permission.explain },
    children: [
      {
        path: '/explain/list',
        meta: { titleKey: 'menu.explainList', layout: 'console', perm: Permission.explain },
        page: () => import('../pages/explain-list-page'),
      },
      {
        path: '/explain/detail',
        meta: { titleKey: 'menu.explainDetail', layout: 'console', perm: Permission.explain, hidden: true, activeMenu: '/explain/list' },
        page: () => import('../pages/explain-detail-page'),
      },
    ],
  },
];

/** The back office (issue 14): operators' console, admin role only; every call behind it checks the role again on the server. */
export const adminRoutes: readonly AppRoute[] = [
  {
    path: '/admin',
    meta: { titleKey: 'menu.admin', icon: 'admin', layout: 'console', roles: [Role.admin] },
    children: [
      {
        path: '/admin/overview',
        meta: { titleKey: 'menu.adminOverview', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/overview-page'),
      },
      {
        path: '/admin/users',
        meta: { titleKey: 'menu.adminUsers', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/users-page'),
      },
      {
        path: '/admin/users/:uid',
        meta: { titleKey: 'menu.adminUserDetail', layout: 'console', roles: [Role.admin], hidden: true, activeMenu: '/admin/users' },
        page: () => import('../pages/admin/user-detail-page'),
      },
      {
        path: '/admin/membershipVersions',
        meta: { titleKey: 'menu.adminMembershipVersions', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/membership-versions-page'),
      },
      {
        path: '/admin/membershipApplications',
        meta: { titleKey: 'menu.adminMembershipApplications', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/membership-applications-page'),
      },
      {
        path: '/admin/identityApplications',
        meta: { titleKey: 'menu.adminIdentityApplications', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/identity-applications-page'),
      },
      {
        path: '/admin/audit',
        meta: { titleKey: 'menu.adminAudit', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/audit-page'),
      },
      {
        path: '/admin/sensitiveWords',
        meta: { titleKey: 'menu.adminSensitiveWords', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/sensitive-words-page'),
      },
      {
        path: '/admin/billing',
        meta: { titleKey: 'menu.adminBilling', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/billing-page'),
      },
      {
        path: '/admin/withdrawals',
        meta: { titleKey: 'menu.adminWithdrawals', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/withdrawals-page'),
      },
      {
        path: '/admin/rechargeOrders',
        meta: { titleKey: 'menu.adminRechargeOrders', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/recharge-orders-page'),
      },
      {
        path: '/admin/articles',
        meta: { titleKey: 'menu.adminArticles', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/articles-page'),
      },
      {
        path: '/admin/articles/edit/:id',
        meta: { titleKey: 'menu.adminArticleEditor', layout: 'console', roles: [Role.admin], hidden: true, activeMenu: '/admin/articles' },
        page: () => import('../pages/admin/article-editor-page'),
      },
      {
        path: '/admin/marketListings',
        meta: { titleKey: 'menu.adminMarketListings', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/market-listings-page'),
      },
      {
        path: '/admin/marketPurchases',
        meta: { titleKey: 'menu.adminMarketPurchases', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/market-purchases-page'),
      },
      {
        path: '/admin/marketSettings',
        meta: { titleKey: 'menu.adminMarketSettings', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/market-settings-page'),
      },
      {
        path: '/admin/mapSettings',
        meta: { titleKey: 'menu.adminMapSettings', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/map-settings-page'),
      },
      {
        path: '/admin/teamSettings',
        meta: { titleKey: 'menu.adminTeamSettings', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/team-settings-page'),
      },
      {
        path: '/admin/serviceOrders',
        meta: { titleKey: 'menu.adminServiceOrders', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/service-orders-page'),
      },
      {
        path: '/admin/servicePricing',
        meta: { titleKey: 'menu.adminServicePricing', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/service-pricing-page'),
      },
      {
        path: '/admin/signing',
        meta: { titleKey: 'menu.adminSigning', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/signing-page'),
      },
      {
        // The editable site pages and their versions (docs/site-pages.md).
        path: '/admin/sitePages',
        meta: { titleKey: 'menu.adminSitePages', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/site-pages-page'),
      },
      {
        path: '/admin/sitePages/:kind',
        meta: {
          titleKey: 'menu.adminSitePageEditor',
          layout: 'console',
          roles: [Role.admin],
          hidden: true,
          activeMenu: '/admin/sitePages',
        },
        page: () => import('../pages/admin/site-page-editor-page'),
      },
      {
        path: '/admin/log',
        meta: { titleKey: 'menu.adminLog', layout: 'console', roles: [Role.admin] },
        page: () => import('../pages/admin/log-page'),
      },
    ],
  },
];

/** Spec 2.5: mobile and space pages, full screen. */
export const mobileRoutes: readonly AppRoute[] = [
  {
    path: '/earthvr',
    meta: { titleKey: 'menu.earthvr', layout: 'none', keepAlive: true },
    page: () => import('../pages/earthvr-page'),
  },
  {
    path: '/chooseAddress',
    meta: { titleKey: 'menu.chooseAddress', layout: 'none', antd: false, query: ['return', 'lat', 'lng'] },
    page: () => import('../pages/choose-address-page'),
  },
  {
    // id: all, panorama, model or pointCloud (docs/mobile.md); any other is not found.
    path: '/mobile/category/:id',
    meta: { titleKey: 'menu.mobileCategory', layout: 'none', antd: false },
    page: () => import('../pages/mobile-category-page'),
  },
  {
    path: '/mobile/home',
    meta: { titleKey: 'menu.mobileHome', layout: 'none', antd: false },
    page: () => import('../pages/mobile-home-page'),
  },
  {
    path: '/mobile/map',
    meta: { titleKey: 'menu.mobileMap', layout: 'none', antd: false },
    page: () => import('../pages/mobile-map-page'),
  },
  {
    path: '/mobile/product',
    meta: { titleKey: 'menu.mobileProduct', layout: 'none', antd: false },
    page: () => import('../pages/mobile-product-page'),
  },
  {
    // One item of a space's shop on a phone (docs/space-shop.md).
    path: '/mobile/storeDetail',
    meta: { titleKey: 'menu.mobileStoreDetail', layout: 'none', query: ['listingId', 'spaceId'], antd: false },
    page: () => import('../pages/mobile-store-detail-page'),
  },
  {
    path: '/mobile/qrConfirm',
    meta: { titleKey: 'menu.mobileQrConfirm', layout: 'none', hidden: true, query: ['ticket'] },
    page: () => import('../pages/mobile-qr-confirm-page'),
  },
  {
    path: APP_DOWNLOAD_PAGE_PATH,
    meta: { titleKey: 'menu.mobileDownload', layout: 'none', hidden: true },
    page: () => import('../pages/mobile-download-page'),
  },
  {
    // The sandbox provider's test checkout, which its recharge QR codes open (docs/payments.md).
    path: '/mobile/sandboxPay/:orderNo',
    meta: { titleKey: 'menu.mobileSandboxPay', layout: 'none', hidden: true, query: ['sign', 'return'] },
    page: () => import('../pages/mobile-sandbox-pay-page'),
  },
  {
    // A WeChat payout's payee confirms it inside WeChat, from the notice they get (docs/withdrawals.md).
    path: '/mobile/withdrawConfirm/:id',
    meta: { titleKey: 'menu.mobileWithdrawConfirm', layout: 'none', hidden: true },
    page: () => import('../pages/mobile-withdraw-confirm-page'),
  },
  {
    path: '/space/house',
    meta: { titleKey: 'menu.spaceHouse', layout: 'none', query: ['uid'], antd: false },
    page: () => import('../pages/space-house-page'),
  },
  {
    path: '/space/upload',
    meta: { titleKey: 'menu.spaceUpload', layout: 'none', antd: false, query: ['space'] },
    page: () => import('../pages/space-upload-page'),
  },
  {
    path: '/space/template',
    meta: { titleKey: 'menu.spaceTemplate', layout: 'none', query: ['id'], antd: false },
    page: () => import('../pages/space-template-page'),
  },
  {
    // A space's shop (docs/space-shop.md).
    path: '/space/shop',
    meta: { titleKey: 'menu.spaceShop', layout: 'none', query: ['id', 'code'], antd: false },
    page: () => import('../pages/space-shop-page'),
  },
  {
    // The payer's order as our own server holds it, never the redirect's word (docs/mobile-pay.md).
    path: '/space/paySuccess',
    meta: { titleKey: 'menu.spacePaySuccess', layout: 'none', antd: false, query: ['orderNo'] },
    page: () => import('../pages/space-pay-success-page'),
  },
  {
    path: '/space/shop-pay',
    meta: { titleKey: 'menu.spaceShopPay', layout: 'none', antd: false, query: ['listingId', 'spaceId'] },
    page: () => import('../pages/space-shop-pay-page'),
  },
  {
    path: '/mobile_space',
    meta: { titleKey: 'menu.mobileSpace', layout: 'none', query: ['uid'], antd: false },
    page: () => import('../pages/mobile-space-page'),
  },
  {
    path: '/spaceDetail',
    meta: { titleKey: 'menu.spaceDetail', layout: 'none', query: ['uid', 'code', 'website'], antd: false },
    page: () => import('../pages/space-detail-page'),
  },
  {
    path: '/space/new',
    meta: { titleKey: 'menu.spaceNew', layout: 'none', query: ['uid'], antd: false },
    page: () => import('../pages/space-new-page'),
  },
  {
    // A brand's showcase (docs/brand-pages.md): most visitors come by QR code on a phone; no site header, the brand's own.
    path: '/space/showcase/:id',
    meta: { titleKey: 'menu.spaceShowcase', layout: 'none', hidden: true },
    page: () => import('../pages/space-showcase-page'),
  },
  {
    path: '/space/landing/:id',
    meta: { titleKey: 'menu.spaceLanding', layout: 'none', hidden: true },
    page: () => import('../pages/space-landing-page'),
  },
];

export const routeTable: readonly AppRoute[] = [
  ...publicRoutes,
  ...standaloneRoutes,
  ...consoleRoutes,
  ...permissionRoutes,
  ...adminRoutes,
  ...mobileRoutes,
];
