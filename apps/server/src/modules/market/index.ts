import { defineModule } from '../../kernel/module.js';
import { SITEMAP_ENTRIES_PER_SOURCE } from '../seo/index.js';
import { marketAdminRoutes } from './market-admin.routes.js';
import { MarketAdminService } from './market-admin.service.js';
import { describeMarketPage } from './market-page-meta.js';
import { MarketRepository } from './market.repository.js';
import { marketRoutes } from './market.routes.js';
import { MarketService } from './market.service.js';

declare module '../../kernel/module.js' {
  interface ModuleRegistry {
    market: {
      /** The work market for its people: search, a listing, buying, listing a work (docs/market.md). */
      market: MarketService;
      /** The back office's market: review of listings, fee and refund window, refunds. */
      marketAdmin: MarketAdminService;
    };
  }
}

declare module '../../kernel/domain-events.js' {
  interface DomainEventMap {
    /** A purchase was booked; `amountFen` is the part paid by QR for it (the team's promotion rewards, docs/team.md). */
    'market.purchased': { reference: string; orderNo: string; payerUserId: number; amountFen: number; paidAt: number };
    /** An admin refunded a purchase: `amountFen` went back to the buyer. */
    'market.purchaseRefunded': { orderNo: string; refundReference: string; amountFen: number };
  }
}

export default defineModule({
  name: 'market',
  emits: ['market.purchased', 'market.purchaseRefunded'],
  needs: ['works', 'users', 'identity', 'ledger', 'recharge', 'notifications', 'admin-log'],
  build: ({
    database,
    cache,
    works,
    workPublishing,
    users,
    identity,
    ledger,
    recharge,
    refunds,
    notifications,
    adminLog,
    logger,
    events,
  }) => {
    const deps = {
      repository: new MarketRepository(database.db, cache),
      works,
      publishing: workPublishing,
      users,
      identity,
      ledger,
      recharge,
      notifications,
      log: logger,
      events,
    };
    const market = new MarketService(deps);
    return { market, marketAdmin: new MarketAdminService(market, { ...deps, adminLog, refunds }) };
  },
  routes: async (app, { market, marketAdmin }) => {
    await app.register(marketRoutes, { market });
    await app.register(marketAdminRoutes, { admin: marketAdmin });
  },
  contributes: ({ market, config }) => ({
    'pages.describe': describeMarketPage(market, config.publicUrl),
    'pages.sitemap': () => market.publicPages(SITEMAP_ENTRIES_PER_SOURCE),
  }),
  on: ({ market }) => ({
    // A listed work that changes what review approved, goes offline, is reset, handed over or deleted leaves the market with it.
    'works.leftMarket': { when: 'transaction', handle: ({ workIds, reason }, tx) => market.workLeftMarket(workIds, reason, tx) },
  }),
});

// The public surface of the module: what other modules use.
export { type MarketService } from './market.service.js';
export { type ListingRow, type PurchaseRow } from './market.repository.js';
