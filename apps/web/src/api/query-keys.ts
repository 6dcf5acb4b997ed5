import type { WalletStatDays } from '@spatia/contract';

/**
 * Every query key of the web app, in one place (issue 25). A feature writes its keys from here, and a
 * change that makes another feature's answers stale invalidates them through here: `queryKeys.overview`,
 * never `['overview']`. Each key starts with its feature's root, so invalidating the root refreshes all of
 * its queries; the back office's start with 'admin'.
 */
export const queryKeys = {
  siteConfig: ['site-config'] as const,
  /** The public map and globe: the operator's base map and the works with a location (docs/map.md). */
  map: {
    all: ['map'] as const,
    settings: ['map', 'settings'] as const,
    works: (params: unknown) => ['map', 'works', params] as const,
    admin: ['map', 'admin'] as const,
  },
  showcase: (pageSize: number) => ['showcase', pageSize] as const,
  /** A space's shop (`/space/shop`, docs/space-shop.md): under 'spaces', so a change to a space refreshes it. */
  spaceShop: (id: number, code: string) => ['spaces', 'shop', id, code] as const,
  sensitiveWords: ['sensitiveWords'] as const,
  mobileApp: ['mobile-app-info'] as const,
  overview: ['overview'] as const,
  profile: ['profile'] as const,
  sessions: ['sessions'] as const,
  pointClouds: (params: unknown) => ['pointClouds', params] as const,
  orders: ['orders'] as const,
  income: ['income'] as const,
  sandboxCheckout: (orderNo: string) => ['sandboxCheckout', orderNo] as const,
  permissionCatalogue: (language: string) => ['permissionCatalogue', language] as const,
  auth: {
    qrConfirm: (ticket: unknown) => ['qr-confirm', 'scan', ticket] as const,
    qrLoginTicket: (attempt: unknown) => ['qr-login', 'ticket', attempt] as const,
    qrLoginState: (pollToken: unknown) => ['qr-login', 'state', pollToken] as const,
    wechatHandoff: (handoff: unknown) => ['wechat-login', 'handoff', handoff] as const,
  },
  /** Works, of the works, uploads and work-editor features: one invalidation refreshes lists, bin and open works. */
  works: {
    all: ['works'] as const,
    lists: () => [...queryKeys.works.all, 'list'] as const,
    recycleBin: () => [...queryKeys.works.all, 'recycleBin'] as const,
    /** `GET /model/{id}`, of the console's drawers and the public work page alike; per language (the owner's badges are named in it). */
    detail: (uid: string) => [...queryKeys.works.all, 'detail', uid] as const,
    detailIn: (uid: string, language: string) => [...queryKeys.works.detail(uid), language] as const,
    share: (uid: string) => [...queryKeys.works.all, 'share', uid] as const,
    processing: (uid: string) => [...queryKeys.works.all, 'processing', uid] as const,
    traffic: (uid: string, days: number) => [...queryKeys.works.all, 'traffic', uid, days] as const,
    /** The owner's market listings (`GET /market/myListings`): any change to works may end one (docs/market.md). */
    marketListings: () => [...queryKeys.works.all, 'marketListings'] as const,
  },
  /** The public work page's viewers (the work itself is `works.detailIn`). */
  publicWork: {
    all: ['publicWork'] as const,
    tour: (uid: string) => [...queryKeys.publicWork.all, 'tour', uid] as const,
    scene: (uid: string) => [...queryKeys.publicWork.all, 'scene', uid] as const,
  },
  identity: {
    all: ['identity'] as const,
    kinds: (ids: string, language: string) => [...queryKeys.identity.all, 'kinds', ids, language] as const,
    applications: () => [...queryKeys.identity.all, 'applications'] as const,
  },
  membership: {
    all: ['membership'] as const,
    mine: () => [...queryKeys.membership.all, 'mine'] as const,
    versions: (language: string) => [...queryKeys.membership.all, 'versions', language] as const,
    version: (id: number, language: string) => [...queryKeys.membership.all, 'version', id, language] as const,
    admin: () => [...queryKeys.membership.all, 'admin'] as const,
  },
  wallet: {
    all: ['wallet'] as const,
    stat: (uid: string, days: WalletStatDays) => [...queryKeys.wallet.all, 'stat', uid, days] as const,
    lease: (uid: string) => [...queryKeys.wallet.all, 'lease', uid] as const,
  },
  recharge: {
    all: ['recharge'] as const,
    options: () => [...queryKeys.recharge.all, 'options'] as const,
  },
  /** A payment order a checkout polls (a recharge's or a membership renewal's). */
  paymentOrder: (id: number | null) => ['paymentOrder', id] as const,
  notifications: {
    all: ['notifications'] as const,
    list: () => [...queryKeys.notifications.all, 'list'] as const,
    unreadCount: () => [...queryKeys.notifications.all, 'unreadCount'] as const,
  },
  transfers: {
    all: ['transfers'] as const,
    list: (side: string) => [...queryKeys.transfers.all, side, 'list'] as const,
    pendingCount: (side: string) => [...queryKeys.transfers.all, side, 'pendingCount'] as const,
    work: () => [...queryKeys.transfers.all, 'work'] as const,
  },
  rechargeOrdersAdmin: {
    all: ['rechargeOrdersAdmin'] as const,
    list: (params: unknown) => [...queryKeys.rechargeOrdersAdmin.all, 'list', params] as const,
  },
  withdrawals: {
    all: ['withdrawals'] as const,
    options: () => [...queryKeys.withdrawals.all, 'options'] as const,
    queue: (params: unknown) => [...queryKeys.withdrawals.all, 'queue', params] as const,
    records: (params: unknown, language: string) => [...queryKeys.withdrawals.all, 'records', params, language] as const,
    confirmation: (id: number) => [...queryKeys.withdrawals.all, 'confirmation', id] as const,
  },
  workAudit: ['workAudit'] as const,
  /** The market: its search, a listing, the buyer's bought works (the seller's listings are `works.marketListings`). */
  market: {
    all: ['market'] as const,
    search: (query: unknown, language: string) => [...queryKeys.market.all, 'search', query, language] as const,
    /** Per reader: what they may do (buy, bought, their own) and their balance come with it. */
    listing: (id: number, language: string, uid: string) => [...queryKeys.market.all, 'listing', id, language, uid] as const,
    purchases: () => [...queryKeys.market.all, 'purchases'] as const,
  },
  /** The site's search (`/search`): per query and language. */
  search: {
    all: ['search'] as const,
    results: (query: unknown, language: string) => [...queryKeys.search.all, 'results', query, language] as const,
  },
  /** Service orders (docs/web.md "Service orders"): the booking form's options, my orders, one order, the back office's. */
  serviceOrders: {
    all: ['serviceOrders'] as const,
    options: () => [...queryKeys.serviceOrders.all, 'options'] as const,
    lists: () => [...queryKeys.serviceOrders.all, 'list'] as const,
    open: () => [...queryKeys.serviceOrders.all, 'open'] as const,
    detail: (id: number) => [...queryKeys.serviceOrders.all, 'detail', id] as const,
    deliverable: (id: number) => [...queryKeys.serviceOrders.all, 'deliverable', id] as const,
    admin: () => [...queryKeys.serviceOrders.all, 'admin'] as const,
  },
  /** Signing (the photographer's application, the back office's queue). */
  signing: {
    all: ['signing'] as const,
    mine: () => [...queryKeys.signing.all, 'mine'] as const,
    admin: () => [...queryKeys.signing.all, 'admin'] as const,
  },
  /** The editable site pages (docs/site-pages.md): publishing refreshes the live pages and the back office's lists. */
  sitePages: {
    all: ['sitePages'] as const,
    live: (kind: string) => [...queryKeys.sitePages.all, 'live', kind] as const,
    admin: () => [...queryKeys.sitePages.all, 'admin'] as const,
    editor: (kind: string) => [...queryKeys.sitePages.admin(), kind] as const,
    version: (kind: string, version: number) => [...queryKeys.sitePages.admin(), kind, 'version', version] as const,
  },
  /** People (docs/web.md "People"): homepages, their works, the follow lists; a follow change refreshes them all. */
  people: {
    all: ['people'] as const,
    /** Per reader: the follow button's state comes with it, and the badges are named in the reader's language. */
    homepage: (uid: string, language: string, viewerUid: string) =>
      [...queryKeys.people.all, 'homepage', uid, language, viewerUid] as const,
    works: (uid: string, type: string) => [...queryKeys.people.all, 'works', uid, type] as const,
    list: (kind: string, q: string) => [...queryKeys.people.all, 'list', kind, q] as const,
    /** The people search of the distribute and sell dialogs. */
    authorizeSearch: (q: string) => [...queryKeys.people.all, 'authorizeSearch', q] as const,
  },
  /** Narrated guides (`/explain/list`, `/explain/detail`), and the published one a public tour plays. */
  narrations: {
    all: ['narrations'] as const,
    list: () => [...queryKeys.narrations.all, 'list'] as const,
    detail: (id: number) => [...queryKeys.narrations.all, 'detail', id] as const,
    tours: (ownerUid: string) => [...queryKeys.narrations.all, 'tours', ownerUid] as const,
    published: (uid: string, language: string) => [...queryKeys.narrations.all, 'published', uid, language] as const,
  },
  /** Rental listings (`/rentingHouse`, docs/rentals.md): the public search; an owner's details of one work. */
  rentals: {
    all: ['rentals'] as const,
    search: (query: unknown) => [...queryKeys.rentals.all, 'search', query] as const,
    ofWork: (uid: string) => [...queryKeys.rentals.all, 'work', uid] as const,
  },
  /** The two-level team (`/team/index`): its overview, both levels, both kinds of reward, the chart. */
  /** Showcases, landing pages and leads of permission 42 (docs/brand-pages.md); the public pages' answers are per id. */
  brandPages: {
    all: ['brandPages'] as const,
    showcases: () => [...queryKeys.brandPages.all, 'showcases'] as const,
    landingPages: () => [...queryKeys.brandPages.all, 'landingPages'] as const,
    leads: (filter: unknown) => [...queryKeys.brandPages.all, 'leads', filter] as const,
    pickableWorks: (ownerUid: string, keyword: string) => [...queryKeys.brandPages.all, 'pickableWorks', ownerUid, keyword] as const,
    publicShowcase: (id: string) => ['publicBrandPage', 'showcase', id] as const,
    publicLandingPage: (id: string) => ['publicBrandPage', 'landing', id] as const,
  },
  team: {
    all: ['team'] as const,
    overview: () => [...queryKeys.team.all, 'overview'] as const,
    subordinates: (level: 1 | 2) => [...queryKeys.team.all, 'subordinates', level] as const,
    revenues: (kind: string) => [...queryKeys.team.all, 'revenues', kind] as const,
    revenueStat: (granularity: string) => [...queryKeys.team.all, 'revenueStat', granularity] as const,
    /** The admins' rates and pending window (`/admin/teamSettings`); saving them refreshes the overview's rates line too. */
    settings: () => [...queryKeys.team.all, 'settings'] as const,
  },
  tours: {
    all: ['tours'] as const,
    tour: (uid: string) => [...queryKeys.tours.all, uid] as const,
  },
  /** Articles: the public lists and pages (per language: nothing in them is translated, but the dates are). */
  articles: {
    all: ['articles'] as const,
    list: (category: string, pageNum: number, pageSize: number) =>
      [...queryKeys.articles.all, 'list', category, pageNum, pageSize] as const,
    detail: (id: number) => [...queryKeys.articles.all, 'detail', id] as const,
  },
  /** The back office's. */
  admin: {
    all: ['admin'] as const,
    overview: () => [...queryKeys.admin.all, 'overview'] as const,
    overviewOf: (days: number) => [...queryKeys.admin.overview(), days] as const,
    billing: () => [...queryKeys.admin.all, 'billing'] as const,
    log: () => [...queryKeys.admin.all, 'log'] as const,
    users: () => [...queryKeys.admin.all, 'users'] as const,
    permissions: () => [...queryKeys.admin.all, 'permissions'] as const,
    sensitiveWords: () => [...queryKeys.admin.all, 'sensitiveWords'] as const,
    market: () => [...queryKeys.admin.all, 'market'] as const,
    articles: () => [...queryKeys.admin.all, 'articles'] as const,
    articleList: (filters: unknown, pageNum: number) => [...queryKeys.admin.articles(), 'list', filters, pageNum] as const,
    article: (id: number) => [...queryKeys.admin.articles(), 'detail', id] as const,
  },
};
