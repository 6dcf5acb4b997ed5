import {
  MARKET_REASON_MAX_LENGTH,
  type AdminMarketListing,
  type MarketListingStatus,
  type MarketPurchase,
  type MarketPurchaseStatus,
  type MarketSettings,
  type Page,
} from '@spatia/contract';
import type { Transaction } from '../../db/database.js';
import { fail, invalid } from '../../lib/app-error.js';
import type { AdminLogService } from '../admin-log/index.js';
import { LedgerAccount } from '../ledger/index.js';
import type { RefundsService } from '../recharge/index.js';
import type { Actor } from '../works/index.js';
import { adminListing } from './market-views.js';
import type { ListingRow, PurchaseRow } from './market.repository.js';
import { MARKET_REFUND_KIND, MARKET_REVENUE, snapshotOf, type MarketDeps, type MarketService } from './market.service.js';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The back office's market (docs/market.md): the listings' review, taking a listing off, the fee and the
 * refund window, and refunds. Each decision is logged in the admin log and told to the people it touches in
 * its own transaction.
 */
export class MarketAdminService {
  constructor(
    private readonly market: MarketService,
    private readonly deps: MarketDeps & { adminLog: AdminLogService; refunds: RefundsService },
  ) {}

  private get repository() {
    return this.deps.repository;
  }

  /** `GET /api/admin/market/listings`. */
  async listings(
    filter: { status?: MarketListingStatus; keyword?: string },
    pageNum: number,
    pageSize: number,
  ): Promise<Page<AdminMarketListing>> {
    const sellerIds = filter.keyword ? await this.userIdsOf(filter.keyword) : undefined;
    const { rows, total } = await this.repository.adminListings(
      { status: filter.status, keyword: filter.keyword, sellerIds },
      { limit: pageSize, offset: (pageNum - 1) * pageSize },
    );
    return { list: await this.views(rows), total, pageNum, pageSize };
  }

  /** Puts a listing waiting for review on the market: its work shows there (exposed) at the listing's price. */
  async approve(admin: Actor, id: number): Promise<AdminMarketListing> {
    const row = await this.decide(id, async (listing, tx) => {
      if (listing.status !== 'pending') throw fail('marketListingNotPending');
      const work = await this.deps.publishing.showOnMarket(listing.workId, listing.priceFen, tx);
      if (!work || work.ownerId !== listing.sellerId) throw fail('marketWorkNotListable');
      const now = new Date(this.market.now());
      const approved = await this.repository.updateListing(
        listing.id,
        { status: 'onMarket', reason: '', offReason: null, decidedAt: now, decidedBy: admin.id, listedAt: now, ...snapshotOf(work) },
        tx,
      );
      await this.deps.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'marketListing.approve',
        targetType: 'marketListing',
        targetId: String(listing.id),
        before: { status: listing.status },
        after: { status: 'onMarket', priceFen: listing.priceFen, licence: listing.licence },
      });
      await this.deps.notifications.notify(tx, {
        userId: listing.sellerId,
        kind: 'marketListingApproved',
        params: { workName: work.name, price: listing.priceFen },
        link: `/marketDetails/${listing.id}`,
      });
      return approved;
    });
    return (await this.views([row]))[0]!;
  }

  /** Refuses a listing waiting for review, with the reason its seller reads. */
  async reject(admin: Actor, id: number, rawReason: string): Promise<AdminMarketListing> {
    const reason = requiredReason(rawReason);
    const row = await this.decide(id, async (listing, tx) => {
      if (listing.status !== 'pending') throw fail('marketListingNotPending');
      return this.close(admin, listing, { status: 'rejected', offReason: null, reason }, tx);
    });
    return (await this.views([row]))[0]!;
  }

  /** Takes a listing on the market (or waiting for review) off, with the reason its seller reads. */
  async takeOff(admin: Actor, id: number, rawReason: string): Promise<AdminMarketListing> {
    const reason = requiredReason(rawReason);
    const row = await this.decide(id, async (listing, tx) => {
      if (listing.status !== 'onMarket' && listing.status !== 'pending') throw fail('marketListingNotOnMarket');
      if (listing.status === 'onMarket') await this.deps.publishing.showOnMarket(listing.workId, null, tx);
      return this.close(admin, listing, { status: 'off', offReason: 'admin', reason }, tx);
    });
    return (await this.views([row]))[0]!;
  }

  /** A rejection or an admin's take-off: the listing's new state, the admin log's line and the seller's notice, in `tx`. */
  private async close(
    admin: Actor,
    listing: ListingRow,
    end: { status: 'rejected' | 'off'; offReason: 'admin' | null; reason: string },
    tx: Transaction,
  ): Promise<ListingRow> {
    const closed = await this.repository.updateListing(
      listing.id,
      { ...end, decidedAt: new Date(this.market.now()), decidedBy: admin.id },
      tx,
    );
    await this.deps.adminLog.record(tx, {
      adminUserId: admin.id,
      action: end.status === 'rejected' ? 'marketListing.reject' : 'marketListing.takeOff',
      targetType: 'marketListing',
      targetId: String(listing.id),
      before: { status: listing.status },
      after: { status: end.status, reason: end.reason },
    });
    await this.deps.notifications.notify(tx, {
      userId: listing.sellerId,
      kind: end.status === 'rejected' ? 'marketListingRejected' : 'marketListingTakenOff',
      params: { workName: listing.workName, reason: end.reason },
      link: `/dashboard/dashboard?edit=${listing.workUid}`,
    });
    return closed;
  }

  async settings(): Promise<MarketSettings> {
    return this.repository.settings();
  }

  /** The fee applies to sales from now on; the window to every refund from now on. */
  async updateSettings(admin: Actor, settings: MarketSettings): Promise<MarketSettings> {
    await this.repository.db.transaction(async (tx) => {
      const before = await this.repository.settings(tx);
      await this.repository.saveSettings(settings, admin.id, tx);
      await this.deps.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'market.settings',
        targetType: 'marketSettings',
        targetId: 'market',
        before: { ...before },
        after: { ...settings },
      });
    });
    return this.repository.settings();
  }

  /** `GET /api/admin/market/purchases`. */
  async purchases(
    filter: { status?: MarketPurchaseStatus; keyword?: string },
    pageNum: number,
    pageSize: number,
  ): Promise<Page<MarketPurchase>> {
    const userIds = filter.keyword ? await this.userIdsOf(filter.keyword) : undefined;
    const { rows, total } = await this.repository.adminPurchases(
      { status: filter.status, orderNo: filter.keyword, userIds },
      { limit: pageSize, offset: (pageNum - 1) * pageSize },
    );
    return { list: await this.market.purchaseViews(rows), total, pageNum, pageSize };
  }

  /**
   * Refunds a purchase within the refund window (docs/market.md "Refunds"), in one transaction: the seller's
   * income goes back to the buyer's balance (what the income no longer holds becomes the seller's debt, settled
   * by their next sale), the fee from the platform's revenue too, the licence ends (a copy is removed, refused
   * once the buyer changed it), and both are told. Then the part a QR payment paid goes on to the provider
   * through the refunds of payments (docs/refunds.md), which takes it from the buyer's balance.
   */
  async refund(admin: Actor, id: number, rawReason: string, idempotencyKey: string | undefined): Promise<MarketPurchase> {
    const reason = requiredReason(rawReason);
    const refunded = await this.repository.db.transaction(async (tx) => {
      const purchase = await this.repository.lockPurchase(id, tx);
      if (!purchase) throw fail('marketPurchaseNotFound');
      if (purchase.status === 'refunded') {
        // The same admin's key answers the refund it made.
        if (idempotencyKey && purchase.refundIdempotencyKey === idempotencyKey && purchase.refundedBy === admin.id) return undefined;
        throw fail('marketPurchaseRefunded');
      }
      const settings = await this.repository.settings(tx);
      if (this.market.now() > purchase.createdAt.getTime() + settings.refundWindowDays * DAY_MS) {
        throw fail('marketRefundWindowPassed', { days: settings.refundWindowDays });
      }
      if (purchase.copyWorkId !== null) {
        const copy = await this.deps.works.lockById(purchase.copyWorkId, tx);
        // A copy edited (a new version) or given away is the buyer's own work now: not taken back.
        if (copy && (copy.version > 1 || copy.ownerId !== purchase.buyerId)) throw fail('marketCopyChanged');
      }
      return this.refundWithin(tx, admin, purchase, reason, idempotencyKey ?? null);
    });
    if (refunded && refunded.paidByProviderFen > 0 && refunded.paymentOrderId !== null) {
      try {
        await this.deps.refunds.refundByAdmin(
          admin.id,
          refunded.paymentOrderId,
          { amountFen: refunded.paidByProviderFen, reason },
          `market-refund:${refunded.id}`,
        );
      } catch (error) {
        // The purchase is refunded and its money is on the buyer's balance; the provider's part can be refunded
        // from the recharge orders' screen.
        this.deps.log.error(
          { err: error, orderNo: refunded.orderNo },
          "refunding a market purchase's QR payment through its provider failed",
        );
      }
    }
    const row = await this.repository.findPurchase(id);
    return (await this.market.purchaseViews([row!]))[0]!;
  }

  private async refundWithin(
    tx: Transaction,
    admin: Actor,
    purchase: PurchaseRow,
    reason: string,
    idempotencyKey: string | null,
  ): Promise<PurchaseRow> {
    const buyerBalance = LedgerAccount.balance(purchase.buyerId);
    await this.deps.ledger.openSystemAccount(MARKET_REVENUE, tx);
    const { debtFen } = await this.deps.ledger.reverse(
      {
        reference: `market:refund:${purchase.orderNo}:income`,
        kind: MARKET_REFUND_KIND,
        memo: purchase.workName,
        userId: purchase.sellerId,
        from: 'income',
        to: buyerBalance,
        amountFen: purchase.incomeFen,
      },
      tx,
    );
    if (purchase.feeFen > 0) {
      await this.deps.ledger.post(
        {
          reference: `market:refund:${purchase.orderNo}:fee`,
          kind: MARKET_REFUND_KIND,
          memo: purchase.workName,
          entries: [
            { account: MARKET_REVENUE, amount: -purchase.feeFen },
            { account: buyerBalance, amount: purchase.feeFen },
          ],
        },
        tx,
      );
    }
    const refund = { orderNo: purchase.orderNo, refundReference: `market:refund:${purchase.orderNo}`, amountFen: purchase.priceFen };
    await this.deps.events?.publish(tx, 'market.purchaseRefunded', refund);
    if (purchase.copyWorkId !== null) await this.deps.works.purgeWithin(purchase.copyWorkId, tx);
    const refunded = await this.repository.setPurchase(
      purchase.id,
      {
        status: 'refunded',
        refundedAt: new Date(this.market.now()),
        refundReason: reason,
        refundedBy: admin.id,
        refundIdempotencyKey: idempotencyKey,
        copyWorkId: null,
      },
      tx,
    );
    await this.repository.addSales(purchase.listingId, -1, tx);
    await this.deps.adminLog.record(tx, {
      adminUserId: admin.id,
      action: 'marketPurchase.refund',
      targetType: 'marketPurchase',
      targetId: purchase.orderNo,
      before: { status: purchase.status, userId: purchase.buyerId },
      after: { status: 'refunded', amountFen: purchase.priceFen, reason },
    });
    await this.deps.notifications.notify(tx, {
      userId: purchase.buyerId,
      kind: 'marketPurchaseRefunded',
      params: {
        workName: purchase.workName,
        price: purchase.priceFen,
        toProvider: purchase.paidByProviderFen,
        orderNo: purchase.orderNo,
        reason,
      },
      link: '/order/consume/market',
    });
    await this.deps.notifications.notify(tx, {
      userId: purchase.sellerId,
      kind: 'marketSaleRefunded',
      params: { workName: purchase.workName, income: purchase.incomeFen, debt: debtFen, orderNo: purchase.orderNo, reason },
      link: '/order/income/market',
    });
    return refunded;
  }

  /** Locks the listing's work, then the listing (the order every change of a listing takes), and runs `step`. */
  private async decide(id: number, step: (listing: ListingRow, tx: Transaction) => Promise<ListingRow>): Promise<ListingRow> {
    const unlocked = await this.repository.findListing(id);
    if (!unlocked) throw fail('marketListingNotFound');
    return this.repository.db.transaction(async (tx) => {
      await this.deps.works.lockById(unlocked.workId, tx);
      const listing = await this.repository.lockListing(id, tx);
      if (!listing) throw fail('marketListingNotFound');
      return step(listing, tx);
    });
  }

  private async views(rows: readonly ListingRow[]): Promise<AdminMarketListing[]> {
    const people = await this.market.people(rows.map((row) => row.sellerId));
    return rows.map((row) => adminListing(row, people));
  }

  /** The user a keyword names: a uid, a phone number or an invite code. */
  private async userIdsOf(keyword: string): Promise<number[]> {
    const id = (await this.deps.users.findIdByUid(keyword)) ?? (await this.deps.users.findIdByPhoneOrInviteCode(keyword));
    return id === undefined ? [] : [id];
  }
}

function requiredReason(raw: string): string {
  const reason = raw.trim();
  if (!reason) throw invalid('reason', 'required');
  if (reason.length > MARKET_REASON_MAX_LENGTH) throw invalid('reason', 'invalid');
  return reason;
}
