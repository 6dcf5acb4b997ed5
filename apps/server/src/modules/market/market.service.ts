import type { DomainEvents } from '../../kernel/domain-events.js';
import { randomBytes } from 'node:crypto';
import {
  fenToYuan,
  isAdmin,
  marketFee,
  type FlowRechargeOrder,
  type Language,
  type MarketLicence,
  type MarketListingDetail,
  type MarketListingStatus,
  type MarketPaymentMethod,
  type MarketPurchase,
  type MarketPurchaseAnswer,
  type MarketPurchaseStatus,
  type MarketSort,
  type MyMarketListing,
  type Page,
  type MarketListingCard,
  type WorkType,
  WORK_PAGE_SIZE_MAX,
} from '@spatia/contract';
import type { Transaction } from '../../db/database.js';
import { AppError, fail, invalid } from '../../lib/app-error.js';
import { runIdempotent, type IdempotencyStore, type KeyedRow } from '../../lib/idempotency.js';
import type { Logger } from '../../lib/logger.js';
import type { IdentityService } from '../identity/index.js';
import { balanceShortfall, LedgerAccount, type LedgerService } from '../ledger/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { MobilePaymentOptions, PaymentOrderRow, RechargeService } from '../recharge/index.js';
import type { UsersService } from '../users/index.js';
import {
  keywordGrams,
  normalizeSearchText,
  type Actor,
  type WorkLeftMarketReason,
  type WorkPublishingService,
  type WorkRow,
  type WorksService,
} from '../works/index.js';
import { listingCard, myListing, purchaseView, type People } from './market-views.js';
import type { ListingRow, MarketRepository, PurchaseRow } from './market.repository.js';

/** Where the platform's fee on market sales is booked. */
export const MARKET_REVENUE = LedgerAccount.revenue('market');
/** The ledger kind of a sale: the buyer's balance to the seller's income and the fee to the platform. */
export const MARKET_SALE_KIND = 'marketSale';
/** The ledger kind of a refunded sale's movements. */
export const MARKET_REFUND_KIND = 'marketRefund';

type KeyedPurchase = KeyedRow & { purchase: PurchaseRow };

/** What the market's services share. */
export interface MarketDeps {
  repository: MarketRepository;
  works: WorksService;
  publishing: WorkPublishingService;
  users: UsersService;
  identity: Pick<IdentityService, 'approvedIdentitiesOf'>;
  ledger: LedgerService;
  recharge: RechargeService;
  notifications: NotificationsService;
  log: Pick<Logger, 'error' | 'warn' | 'info'>;
  now?: () => number;
  /** Tells the team of a purchase and a refund in their transaction (docs/team.md). */
  events?: Pick<DomainEvents, 'publish'>;
}

/** A purchase to book in one transaction. */
interface Buying {
  buyerId: number;
  listingId: number;
  orderNo: string;
  language: Language;
  /** The payment order that paid what the balance lacked, if one did. */
  paymentOrder: Pick<PaymentOrderRow, 'id' | 'provider' | 'amountFen'> | null;
  idempotencyKey: string | null;
  requestFingerprint: string;
}

/**
 * The market for its people (docs/market.md): search and a listing's page for everyone, buying for the
 * signed-in, listing a work for its owner. A purchase is one transaction: the ledger movement (buyer's balance
 * to the seller's income, less the platform's fee to `system:revenue:market`, reference
 * `market:purchase:{order no}`), the purchase row (the entitlement), a copy of the work for a copy licence,
 * the listing's sales and both notices.
 */
export class MarketService {
  private readonly repository: MarketRepository;

  constructor(private readonly deps: MarketDeps) {
    this.repository = deps.repository;
    deps.recharge.fulfilWith('market', this.fulfilOrder);
  }

  // Browsing

  /** `GET /api/market/listings`. */
  async search(
    query: {
      q?: string;
      type?: WorkType;
      minPrice?: number;
      maxPrice?: number;
      sort?: MarketSort;
      pageNum: number;
      pageSize: number;
    },
    language: Language,
    /** Signed-in callers always read the listings afresh (anonymous ones may get a page kept up to 10 s, docs/market.md). */
    signedIn = false,
  ): Promise<Page<MarketListingCard>> {
    const { pageNum, pageSize } = query;
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice)
      throw invalid('maxPrice', 'invalid');
    const text = normalizeSearchText(query.q ?? '');
    const { rows, total } = await this.repository.search(
      {
        keyword: text ? { grams: keywordGrams(text), text } : undefined,
        type: query.type,
        minPrice: query.minPrice,
        maxPrice: query.maxPrice,
        sort: query.sort ?? 'newest',
      },
      { limit: pageSize, offset: (pageNum - 1) * pageSize },
      { cachedPage: !signedIn },
    );
    // The sellers' names came with the page; their badges come from the identity module's cache.
    const profiles = new Map(rows.flatMap((row) => (row.seller ? [[row.sellerId, row.seller] as const] : [])));
    const badges = rows.length > 0 ? await this.deps.identity.approvedIdentitiesOf([...profiles.keys()], language) : undefined;
    return { list: rows.map((row) => listingCard(row, { profiles, badges })), total, pageNum, pageSize };
  }

  /** A listing anyone may see (on the market), for its link preview; undefined otherwise. */
  async listingOnMarket(id: number): Promise<ListingRow | undefined> {
    const listing = await this.repository.findListing(id);
    return listing?.status === 'onMarket' ? listing : undefined;
  }

  /** The listings on the market of these works, newest first (a space's shop, docs/spaces.md). */
  async onMarketOfWorks(workIds: readonly number[]): Promise<ListingRow[]> {
    return this.repository.onMarketOfWorks([...new Set(workIds)]);
  }

  /** The market items on sale, newest first, for the sitemap. */
  async publicPages(limit: number): Promise<{ path: string; updatedAt: number }[]> {
    const rows = await this.repository.listedIds(limit);
    return rows.map((row) => ({ path: `/marketDetails/${row.id}`, updatedAt: row.listedAt.getTime() }));
  }

  /** `GET /api/market/listings/{id}`: on the market for everyone; otherwise only for its seller, its buyers and admins. */
  async detail(actor: Actor | undefined, id: number, language: Language): Promise<MarketListingDetail> {
    const listing = await this.repository.findListing(id);
    if (!listing) throw fail('marketListingNotFound');
    const purchase = actor ? await this.repository.completedPurchase(listing.id, actor.id) : undefined;
    const mine = actor?.id === listing.sellerId;
    if (listing.status !== 'onMarket' && !mine && !purchase && !(actor && isAdmin(actor))) throw fail('marketListingNotFound');
    const work = await this.deps.works.findById(listing.workId);
    if (!work || work.deletedAt) throw fail('marketListingNotFound');
    const [detail, people, balanceFen] = await Promise.all([
      this.deps.works.detail(work, actor, language),
      this.people([listing.sellerId], language),
      actor ? this.balanceOf(actor.id) : Promise.resolve(0),
    ]);
    return {
      ...listingCard(listing, people),
      status: listing.status,
      work: { ...listingCard(listing, people).work, description: listing.workDescription },
      detail,
      purchaseId: purchase?.id ?? null,
      mine,
      providers: this.deps.recharge.providers,
      balanceFen,
    };
  }

  // Buying

  /**
   * `POST /api/market/listings/{id}/purchase`. From the balance: booked now, or refused when the balance
   * lacks (2407). By a provider: booked now when the balance covers the price; otherwise a payment order for
   * what it lacks, whose payment books the purchase (`fulfilOrder`). With `mobile` that order is paid on a
   * phone by its flow (docs/mobile-pay.md) rather than by QR code.
   */
  async purchase(
    actor: Actor,
    listingId: number,
    method: MarketPaymentMethod,
    idempotencyKey: string | undefined,
    language: Language,
    mobile?: MobilePaymentOptions,
  ): Promise<MarketPurchaseAnswer> {
    const fingerprint = mobile ? `market:${listingId}:${method}:${mobile.flow}` : `market:${listingId}:${method}`;
    if (method !== 'balance') {
      this.deps.recharge.driver(method);
      const { listing } = await this.buyable(actor.id, listingId);
      const balanceFen = await this.balanceOf(actor.id);
      if (balanceFen < listing.priceFen) {
        const order: FlowRechargeOrder = await this.deps.recharge.startPayment(
          actor.id,
          method,
          fingerprint,
          idempotencyKey,
          async () => {
            const again = await this.buyable(actor.id, listingId);
            const short = again.listing.priceFen - Math.max(await this.balanceOf(actor.id), 0);
            return {
              kind: 'market',
              amountFen: Math.max(short, 1),
              months: 0,
              subjectId: listingId,
              description: `Spatia 市场购买 #${listingId} / market purchase #${listingId}`,
            };
          },
          mobile,
        );
        return { purchase: null, order, balanceFen: await this.balanceOf(actor.id) };
      }
    }
    const row = await runIdempotent(this.purchaseKeys, actor.id, {
      key: idempotencyKey,
      fingerprint,
      now: this.now(),
      create: () =>
        this.book({
          buyerId: actor.id,
          listingId,
          orderNo: newMarketOrderNo(this.now()),
          language,
          paymentOrder: null,
          idempotencyKey: idempotencyKey ?? null,
          requestFingerprint: fingerprint,
        }),
      replay: (keyed) => keyed.purchase,
    });
    const [purchase] = await this.purchaseViews([row]);
    return { purchase: purchase!, order: null, balanceFen: await this.balanceOf(actor.id) };
  }

  /**
   * Fulfils a paid payment order of kind `market` (registered with the recharge module): its money is on
   * the buyer's balance, booked; the purchase pays from there under the order's number. When it can no longer
   * be made (the listing left the market, bought meanwhile, the balance spent or a debt settled first), the
   * money stays on the balance, the order counts as fulfilled, and the buyer is told.
   */
  readonly fulfilOrder = async (
    orderId: number,
    once: (work: (order: PaymentOrderRow, tx: Transaction) => Promise<void>) => Promise<boolean>,
  ): Promise<void> => {
    let failed: { order: PaymentOrderRow; reason: string } | undefined;
    await once(async (order, tx) => {
      if (order.subjectId === null) return;
      const listing = await this.repository.findListing(order.subjectId, tx);
      if (listing) await this.openAccounts(order.userId, listing.sellerId, tx);
      try {
        await this.bookWithin(tx, {
          buyerId: order.userId,
          listingId: order.subjectId,
          orderNo: order.orderNo,
          language: 'zh',
          paymentOrder: order,
          idempotencyKey: null,
          requestFingerprint: '',
        });
      } catch (error) {
        // Every refusal comes before the first write of the purchase (bookWithin's order of steps).
        if (!(error instanceof AppError)) throw error;
        failed = { order, reason: error.messageKey };
        this.deps.log.warn(
          { orderNo: order.orderNo, reason: error.messageKey },
          'a paid market order could not buy; its money stays on the balance',
        );
      }
    });
    if (failed) {
      await this.deps.notifications.notify(this.repository.db, {
        userId: failed.order.userId,
        kind: 'marketPurchaseFailed',
        params: { price: failed.order.amountFen, orderNo: failed.order.orderNo, reason: failed.reason },
        link: '/wallet/index',
      });
    }
  };

  /** The buyer's completed or refunded purchase booked under an order number (a `K…` or a payment order's `R…`). */
  async purchaseOfBuyer(buyerId: number, orderNo: string): Promise<PurchaseRow | undefined> {
    const purchase = await this.repository.purchaseByOrderNo(orderNo);
    return purchase?.buyerId === buyerId ? purchase : undefined;
  }

  /** A listing whatever its status (what a payment order bought names it). */
  listing(id: number): Promise<ListingRow | undefined> {
    return this.repository.findListing(id);
  }

  /** `GET /api/market/purchases`: the buyer's bought works. */
  async myPurchases(actor: Actor, pageNum: number, pageSize: number): Promise<Page<MarketPurchase>> {
    const { rows, total } = await this.repository.purchasesOfBuyer(actor.id, { limit: pageSize, offset: (pageNum - 1) * pageSize });
    return { list: await this.purchaseViews(rows), total, pageNum, pageSize };
  }

  /** One side's purchases for the orders pages (docs/orders.md): bought (consume) or sold (income). */
  async ordersPage(
    side: 'buyer' | 'seller',
    userId: number,
    filter: { statuses?: readonly MarketPurchaseStatus[]; from?: Date; to?: Date },
    page: { limit: number; offset: number },
  ): Promise<{ rows: MarketPurchase[]; total: number; completed: { count: number; amountFen: number } }> {
    const { rows, total, completed } = await this.repository.ordersPage(side, userId, filter, page);
    return { rows: await this.purchaseViews(rows), total, completed };
  }

  // Selling

  /** `GET /api/market/myListings`. */
  async myListings(
    actor: Actor,
    status: MarketListingStatus | undefined,
    pageNum: number,
    pageSize: number,
    workUids?: string,
  ): Promise<Page<MyMarketListing>> {
    // The works manager asks for the works in view, so a seller with any number of listings gets each work's mark.
    const uids = workUids === undefined ? undefined : [...new Set(workUids.split(',').map((uid) => uid.trim()))].filter(Boolean);
    if (uids && uids.length > WORK_PAGE_SIZE_MAX) throw fail('validation', { field: 'workUids', problem: `≤ ${WORK_PAGE_SIZE_MAX}` });
    const { rows, total } = await this.repository.listingsOfSeller(
      actor.id,
      status,
      { limit: pageSize, offset: (pageNum - 1) * pageSize },
      uids,
    );
    return { list: rows.map(myListing), total, pageNum, pageSize };
  }

  /**
   * `PUT /api/model/{uid}/market`: the work's listing waits for review at this price and licence. Only a
   * published work that passed review and is not being handed over. A listing on the market that changes
   * price or licence leaves it until an admin approves it again; the same price and licence change nothing.
   */
  async submit(actor: Actor, uid: string, terms: { priceFen: number; licence: MarketLicence }): Promise<MyMarketListing> {
    const row = await this.deps.works.change(actor, uid, async (work, tx) => {
      if (work.status !== 'passed' && work.status !== 'exposed') throw fail('marketWorkNotListable');
      // A copy licence lets the buyer use the work, not sell it on.
      if (await this.repository.isBoughtCopy(work.id, tx)) throw fail('marketCopyNotListable');
      await this.deps.works.assertNotInTransfer(work, tx);
      const listing = await this.repository.lockListingOfWork(work.id, tx);
      const live = listing && (listing.status === 'pending' || listing.status === 'onMarket');
      if (live && listing.priceFen === terms.priceFen && listing.licence === terms.licence && listing.sellerId === work.ownerId)
        return listing;
      if (listing?.status === 'onMarket') await this.deps.publishing.showOnMarket(work.id, null, tx);
      const values = {
        sellerId: work.ownerId,
        priceFen: terms.priceFen,
        licence: terms.licence,
        status: 'pending' as const,
        reason: '',
        offReason: null,
        submittedAt: new Date(this.now()),
        decidedAt: null,
        decidedBy: null,
        ...snapshotOf(work),
      };
      return listing
        ? this.repository.updateListing(listing.id, values, tx)
        : this.repository.insertListing({ workId: work.id, ...values }, tx);
    });
    return myListing(row);
  }

  /** `DELETE /api/model/{uid}/market`: off the market or out of review; null when the work was never listed. */
  async takeOff(actor: Actor, uid: string): Promise<MyMarketListing | null> {
    const row = await this.deps.works.change(actor, uid, async (work, tx) => {
      const listing = await this.repository.lockListingOfWork(work.id, tx);
      if (!listing) return null;
      if (listing.status !== 'pending' && listing.status !== 'onMarket') return listing;
      if (listing.status === 'onMarket') await this.deps.publishing.showOnMarket(work.id, null, tx);
      return this.repository.updateListing(listing.id, { status: 'off', offReason: 'seller', reason: '' }, tx);
    });
    return row && myListing(row);
  }

  /**
   * `works.leftMarket`, inside the change's transaction: the work can no longer be sold as it was listed (an
   * edit of what review approved, offline, reset, handed over, deleted), so its listing goes off, and the
   * seller lists it again once the work passed review again (docs/market.md "A listed work changes").
   */
  async workLeftMarket(workIds: readonly number[], reason: WorkLeftMarketReason, tx: Transaction): Promise<void> {
    for (const workId of workIds) {
      const listing = await this.repository.lockListingOfWork(workId, tx);
      if (!listing || (listing.status !== 'pending' && listing.status !== 'onMarket')) continue;
      await this.repository.updateListing(listing.id, { status: 'off', offReason: 'workChanged', reason: '' }, tx);
      this.deps.log.info({ listingId: listing.id, reason }, 'a listing went off the market with its work');
    }
  }

  // Helpers shared with the admin service

  async people(userIds: readonly number[], language?: Language): Promise<People> {
    const unique = [...new Set(userIds)];
    const [profiles, badges] = await Promise.all([
      this.deps.users.findPublicProfiles(unique),
      language && unique.length > 0 ? this.deps.identity.approvedIdentitiesOf(unique, language) : Promise.resolve(undefined),
    ]);
    return { profiles, badges };
  }

  async purchaseViews(rows: readonly PurchaseRow[]): Promise<MarketPurchase[]> {
    if (rows.length === 0) return [];
    const [people, settings, copies] = await Promise.all([
      this.people(rows.flatMap((row) => [row.buyerId, row.sellerId])),
      this.repository.settings(),
      this.deps.works.findByIds(rows.flatMap((row) => (row.copyWorkId === null ? [] : [row.copyWorkId]))),
    ]);
    return rows.map((row) =>
      purchaseView(row, people, row.copyWorkId === null ? null : (copies.get(row.copyWorkId)?.uid ?? null), settings.refundWindowDays),
    );
  }

  now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  // Booking

  /** The listing on the market, someone else's, not bought by the buyer yet, and no debt of theirs open; read without locks. */
  private async buyable(buyerId: number, listingId: number): Promise<{ listing: ListingRow }> {
    const listing = await this.repository.findListing(listingId);
    if (!listing) throw fail('marketListingNotFound');
    assertBuyable(listing, buyerId, await this.repository.completedPurchase(listing.id, buyerId));
    const debtFen = await this.deps.ledger.debtOf(buyerId);
    if (debtFen > 0) throw fail('debtOpen', { debt: fenToYuan(debtFen) });
    return { listing };
  }

  private async book(buying: Buying): Promise<PurchaseRow> {
    const { listing } = await this.buyable(buying.buyerId, buying.listingId);
    await this.deps.ledger.openUserAccountsOf([buying.buyerId, listing.sellerId]);
    await this.deps.ledger.openSystemAccount(MARKET_REVENUE);
    try {
      return await this.repository.db.transaction((tx) => this.bookWithin(tx, buying));
    } catch (error) {
      if (error instanceof AppError && error.messageKey === 'insufficientBalance') {
        const balanceFen = await this.balanceOf(buying.buyerId);
        throw fail('marketBalanceShort', balanceShortfall(listing.priceFen, balanceFen));
      }
      throw error;
    }
  }

  /**
   * The purchase in the caller's transaction. Locks the work, then the listing (the order every change of a
   * listing takes, so none waits on another in reverse), then the buyer's balance (by the movement). Every
   * refusal comes before the first write: the fulfilment of a paid order catches them and goes on.
   */
  private async bookWithin(tx: Transaction, buying: Buying): Promise<PurchaseRow> {
    const unlocked = await this.repository.findListing(buying.listingId, tx);
    if (!unlocked) throw fail('marketListingNotFound');
    const work = await this.deps.works.lockById(unlocked.workId, tx);
    const listing = await this.repository.lockListing(buying.listingId, tx);
    if (!listing) throw fail('marketListingNotFound');
    assertBuyable(listing, buying.buyerId, await this.repository.completedPurchase(listing.id, buying.buyerId, tx));
    if (!work || work.deletedAt) throw fail('marketListingNotOnMarket');
    const settings = await this.repository.settings(tx);
    const feeFen = marketFee(listing.priceFen, settings.feeBasisPoints);
    const incomeFen = listing.priceFen - feeFen;
    await this.deps.ledger.openSystemAccount(MARKET_REVENUE, tx);
    const entries = [
      { account: LedgerAccount.balance(buying.buyerId), amount: -listing.priceFen },
      { account: LedgerAccount.income(listing.sellerId), amount: incomeFen },
    ];
    if (feeFen > 0) entries.push({ account: MARKET_REVENUE, amount: feeFen });
    const { replayed } = await this.deps.ledger.post(
      { reference: purchaseReference(buying.orderNo), kind: MARKET_SALE_KIND, memo: listing.workName, entries },
      tx,
    );
    if (replayed) {
      const earlier = await this.repository.purchaseByOrderNo(buying.orderNo, tx);
      if (earlier) return earlier;
    }
    // A debt a refund left on the seller's income is settled by this sale's income first (docs/refunds.md).
    await this.deps.ledger.settleDebt(listing.sellerId, tx, 'income');
    const copy = listing.licence === 'copy' ? await this.deps.works.copyTo(work.id, buying.buyerId, buying.language, tx) : null;
    const paidByProviderFen = Math.min(buying.paymentOrder?.amountFen ?? 0, listing.priceFen);
    const purchase = await this.repository.insertPurchase(
      {
        orderNo: buying.orderNo,
        listingId: listing.id,
        workId: work.id,
        buyerId: buying.buyerId,
        sellerId: listing.sellerId,
        licence: listing.licence,
        priceFen: listing.priceFen,
        feeFen,
        incomeFen,
        paidFromBalanceFen: listing.priceFen - paidByProviderFen,
        paidByProviderFen,
        provider: paidByProviderFen > 0 ? buying.paymentOrder!.provider : null,
        paymentOrderId: buying.paymentOrder?.id ?? null,
        copyWorkId: copy?.id ?? null,
        workUid: listing.workUid,
        workName: listing.workName,
        workType: listing.workType,
        coverKey: listing.coverKey,
        idempotencyKey: buying.idempotencyKey,
        requestFingerprint: buying.requestFingerprint,
        createdAt: new Date(this.now()),
      },
      tx,
    );
    await this.repository.addSales(listing.id, 1, tx);
    // Only money that came in for this purchase: what the balance paid was rewarded when it was recharged (docs/team.md).
    if (paidByProviderFen > 0) {
      const told = {
        reference: purchaseReference(buying.orderNo),
        orderNo: buying.orderNo,
        payerUserId: buying.buyerId,
        amountFen: paidByProviderFen,
        paidAt: this.now(),
      };
      await this.deps.events?.publish(tx, 'market.purchased', told);
    }
    await this.deps.notifications.notify(tx, {
      userId: buying.buyerId,
      kind: 'marketPurchased',
      params: { workName: listing.workName, price: listing.priceFen, licence: listing.licence, orderNo: buying.orderNo },
      link: copy ? `/dashboard/dashboard?edit=${copy.uid}` : '/model/bought',
    });
    await this.deps.notifications.notify(tx, {
      userId: listing.sellerId,
      kind: 'marketSold',
      params: { workName: listing.workName, price: listing.priceFen, income: incomeFen, orderNo: buying.orderNo },
      link: '/order/income/market',
    });
    return purchase;
  }

  /** Within the transaction: on the embedded database a statement outside it would wait for it. */
  private async openAccounts(buyerId: number, sellerId: number, tx: Transaction): Promise<void> {
    await this.deps.ledger.openUserAccounts(buyerId, tx);
    await this.deps.ledger.openUserAccounts(sellerId, tx);
    await this.deps.ledger.openSystemAccount(MARKET_REVENUE, tx);
  }

  private balanceOf(userId: number): Promise<number> {
    return this.deps.ledger.balance(LedgerAccount.balance(userId));
  }

  /** The balance purchases as the Idempotency-Key helper sees them. */
  private readonly purchaseKeys: IdempotencyStore<KeyedPurchase> = {
    findByIdempotencyKey: async (userId, key) => {
      const purchase = await this.repository.purchaseByIdempotencyKey(userId, key);
      return purchase && { id: purchase.id, createdAt: purchase.createdAt, requestFingerprint: purchase.requestFingerprint, purchase };
    },
    releaseIdempotencyKey: (id) => this.repository.releasePurchaseIdempotencyKey(id),
  };
}

function assertBuyable(listing: ListingRow, buyerId: number, earlier: PurchaseRow | undefined): void {
  if (listing.sellerId === buyerId) throw fail('marketOwnListing');
  if (earlier) throw fail('marketAlreadyBought');
  if (listing.status !== 'onMarket') throw fail('marketListingNotOnMarket');
}

/** The ledger reference of a purchase's movement: one per order number, so it books once. */
export function purchaseReference(orderNo: string): string {
  return `market:purchase:${orderNo}`;
}

/** What the market shows and searches of a work, copied onto its listing. */
export function snapshotOf(work: WorkRow) {
  return {
    workUid: work.uid,
    workName: work.name,
    workType: work.type,
    workDescription: work.description,
    coverKey: work.coverKey,
    searchGrams: work.searchGrams,
    searchText: work.searchText,
  };
}

/** `K` + UTC time to the second + 8 random hex digits, like a payment order's `R…` number. */
function newMarketOrderNo(now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `K${stamp}${randomBytes(4).toString('hex')}`;
}
