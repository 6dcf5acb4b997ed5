import {
  GeneralErrors,
  MarketErrors,
  PaymentErrors,
  Role,
  WorkErrors,
  type MarketListingCard,
  type MarketListingDetail,
  type MarketPurchase,
  type MarketPurchaseAnswer,
  type MarketSettings,
  type MyMarketListing,
  type OrderPage,
  type Page,
  type WorkDetail,
  type WorkSummary,
  type IncomeStat,
  type AdminMarketListing,
} from '@spatia/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import type { SandboxPayDriver } from '../../drivers/payments/sandbox-pay.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { fundBalance, oweDebt } from '../../test/income.js';
import { boughtListing, listedWork, reviewedWork } from '../../test/market-fixtures.js';
import { authHeaders, dataOf, json, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/index.js';
import { notifications } from '../notifications/notifications.tables.js';
import { paymentRefunds } from '../recharge/recharge.tables.js';
import { works } from '../works/works.tables.js';
import { marketListings, marketPurchases } from './market.tables.js';

let testApp: TestApp;
let admin: Person;
let seller: Person;

beforeAll(async () => {
  ({ testApp, admin, seller } = await appWithPeople({ admin: { roles: [Role.admin], name: 'Admin' }, seller: { name: 'Seller' } }));
});
afterAll(() => testApp.close());

const services = () => testApp.app.services;
const db = () => services().database.db;
const codeOf = (response: LightMyRequestResponse) => json(response).code;
const sandbox = (): SandboxPayDriver => services().sandboxPay!;
const DAY_MS = 24 * 60 * 60_000;

function call(
  as: Person | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  headers = {},
) {
  return testApp.app.inject({
    method,
    url,
    headers: { ...(as ? authHeaders(as.token) : {}), cookie: 'language=en', ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

const list = (as: Person, options: Parameters<typeof listedWork>[2] = {}) => listedWork(testApp.app, as, { admin, ...options });
const buy = (as: Person, listingId: number, method = 'balance', key?: string) =>
  call(as, 'POST', `/api/market/listings/${listingId}/purchase`, { method }, key ? { 'idempotency-key': key } : {});
const balanceOf = (who: Person) => services().ledger.balance(LedgerAccount.balance(who.id));
const incomeOf = (who: Person) => services().ledger.balance(LedgerAccount.income(who.id));
const revenue = () => services().ledger.balance(LedgerAccount.revenue('market'));
const debtOf = (who: Person) => services().ledger.debtOf(who.id);

async function noticesOf(who: Person, kind: string) {
  return db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, who.id), eq(notifications.kind, kind)));
}

async function workOf(uid: string) {
  const [row] = await db().select().from(works).where(eq(works.uid, uid));
  return row!;
}

async function listingRow(id: number) {
  const [row] = await db().select().from(marketListings).where(eq(marketListings.id, id));
  return row!;
}

/** Sets the platform fee (basis points) and the refund window (days). */
async function settle(settings: MarketSettings) {
  const response = await call(admin, 'PUT', '/api/admin/market/settings', { ...settings });
  expect(response.statusCode, response.body).toBe(200);
}

describe('listing a work: PUT and DELETE /api/model/{uid}/market, review by admins', () => {
  it('submits, rejects with a reason, resubmits, approves, changes the price and takes off, by the states of docs/market.md', async () => {
    const work = await reviewedWork(testApp.app, seller, '审核上架');
    const stranger = await person(testApp.app);
    // Bad input, wrong user, wrong state.
    expect((await call(seller, 'PUT', `/api/model/${work.uid}/market`, { price: '0' })).statusCode).toBe(400);
    expect((await call(seller, 'PUT', `/api/model/${work.uid}/market`, { price: '1.234' })).statusCode).toBe(400);
    expect((await call(seller, 'PUT', `/api/model/${work.uid}/market`, { price: '5', licence: 'resell' })).statusCode).toBe(400);
    expect((await call(stranger, 'PUT', `/api/model/${work.uid}/market`, { price: '5' })).statusCode).toBe(403);
    expect((await call(undefined, 'PUT', `/api/model/${work.uid}/market`, { price: '5' })).statusCode).toBe(401);

    const submitted = dataOf<MyMarketListing>(
      await call(seller, 'PUT', `/api/model/${work.uid}/market`, { price: '12.50', licence: 'copy' }),
    );
    expect(submitted).toMatchObject({ status: 'pending', priceFen: 1250, licence: 'copy', reason: '', offReason: null, listedAt: null });
    expect(submitted.work).toMatchObject({ uid: work.uid, name: '审核上架', type: 'panorama' });
    // Waiting for review: not on the market, the work is not exposed, nobody else sees the listing.
    expect((await workOf(work.uid)).status).toBe('passed');
    expect((await call(stranger, 'GET', `/api/market/listings/${submitted.id}`)).statusCode).toBe(404);
    expect(dataOf<MarketListingDetail>(await call(seller, 'GET', `/api/market/listings/${submitted.id}`))).toMatchObject({
      status: 'pending',
      mine: true,
    });
    expect(codeOf(await buy(stranger, submitted.id))).toBe(MarketErrors.marketListingNotOnMarket.code);

    // Admins review; others may not.
    expect((await call(seller, 'POST', `/api/admin/market/listings/${submitted.id}/approve`)).statusCode).toBe(403);
    const queue = dataOf<Page<AdminMarketListing>>(await call(admin, 'GET', '/api/admin/market/listings?status=pending&pageSize=50'));
    expect(queue.list.find((row) => row.id === submitted.id)).toMatchObject({ seller: { uid: seller.uid, id: seller.id } });
    expect(dataOf<Page<AdminMarketListing>>(await call(admin, 'GET', `/api/admin/market/listings?keyword=${work.uid}`)).total).toBe(1);
    expect(
      dataOf<Page<AdminMarketListing>>(await call(admin, 'GET', `/api/admin/market/listings?keyword=${seller.phone}`)).total,
    ).toBeGreaterThan(0);
    expect((await call(admin, 'POST', `/api/admin/market/listings/${submitted.id}/reject`, { reason: '   ' })).statusCode).toBe(400);
    const rejected = dataOf<AdminMarketListing>(
      await call(admin, 'POST', `/api/admin/market/listings/${submitted.id}/reject`, { reason: '封面不清晰' }),
    );
    expect(rejected).toMatchObject({ status: 'rejected', reason: '封面不清晰' });
    expect(codeOf(await call(admin, 'POST', `/api/admin/market/listings/${submitted.id}/approve`))).toBe(
      MarketErrors.marketListingNotPending.code,
    );
    expect((await noticesOf(seller, 'marketListingRejected')).at(-1)).toMatchObject({
      params: { workName: '审核上架', reason: '封面不清晰' },
    });
    const mine = dataOf<Page<MyMarketListing>>(await call(seller, 'GET', '/api/market/myListings?status=rejected'));
    expect(mine.list.map((row) => row.id)).toContain(submitted.id);

    // Resubmitted, it waits again (the same row), and the approval puts it on the market: the work is exposed.
    const again = dataOf<MyMarketListing>(await call(seller, 'PUT', `/api/model/${work.uid}/market`, { price: '12.50', licence: 'view' }));
    expect(again).toMatchObject({ id: submitted.id, status: 'pending', reason: '', licence: 'view' });
    const approved = dataOf<AdminMarketListing>(await call(admin, 'POST', `/api/admin/market/listings/${submitted.id}/approve`));
    expect(approved).toMatchObject({ status: 'onMarket', reason: '' });
    expect(approved.listedAt).not.toBeNull();
    expect(await workOf(work.uid)).toMatchObject({ status: 'exposed', marketPrice: 1250 });
    expect((await noticesOf(seller, 'marketListingApproved')).at(-1)).toMatchObject({ link: `/marketDetails/${submitted.id}` });

    // The same terms change nothing; a new price leaves the market until approved again.
    expect(dataOf<MyMarketListing>(await call(seller, 'PUT', `/api/model/${work.uid}/market`, { price: '12.5' })).status).toBe('onMarket');
    expect(dataOf<MyMarketListing>(await call(seller, 'PUT', `/api/model/${work.uid}/market`, { price: '15' }))).toMatchObject({
      status: 'pending',
      priceFen: 1500,
    });
    expect(await workOf(work.uid)).toMatchObject({ status: 'passed', marketPrice: null });
    await call(admin, 'POST', `/api/admin/market/listings/${submitted.id}/approve`);
    expect(await workOf(work.uid)).toMatchObject({ status: 'exposed', marketPrice: 1500 });

    // Off by its seller: the work falls back to passed; a second DELETE changes nothing.
    expect((await call(stranger, 'DELETE', `/api/model/${work.uid}/market`)).statusCode).toBe(403);
    expect(dataOf<MyMarketListing>(await call(seller, 'DELETE', `/api/model/${work.uid}/market`))).toMatchObject({
      status: 'off',
      offReason: 'seller',
    });
    expect(await workOf(work.uid)).toMatchObject({ status: 'passed', marketPrice: null });
    expect(dataOf<MyMarketListing>(await call(seller, 'DELETE', `/api/model/${work.uid}/market`)).status).toBe('off');
    const never = await reviewedWork(testApp.app, seller, '从未上架');
    expect(dataOf<null>(await call(seller, 'DELETE', `/api/model/${never.uid}/market`))).toBeNull();
  });

  it('refuses works that are not published and reviewed, and works being handed over', async () => {
    const draft = await reviewedWork(testApp.app, seller);
    await call(seller, 'PUT', `/api/model/${draft.uid}/onLined`, { onLined: false });
    expect(codeOf(await call(seller, 'PUT', `/api/model/${draft.uid}/market`, { price: '5' }))).toBe(
      MarketErrors.marketWorkNotListable.code,
    );
    const handed = await reviewedWork(testApp.app, seller);
    const receiver = await person(testApp.app);
    await call(seller, 'POST', `/api/model/${handed.uid}/distribute`, { phoneNumber: receiver.phone });
    expect(codeOf(await call(seller, 'PUT', `/api/model/${handed.uid}/market`, { price: '5' }))).toBe(WorkErrors.workLocked.code);
  });

  it('takes a listing off when its work changes what review approved, goes offline or is deleted', async () => {
    const edited = await list(seller, { name: '将被修改' });
    const renamed = await call(seller, 'PATCH', `/api/model/${edited.work.uid}/attr`, { name: '已修改' });
    expect(dataOf<WorkDetail>(renamed)).toMatchObject({ status: 'published', marketPrice: null });
    expect(await listingRow(edited.listing.id)).toMatchObject({ status: 'off', offReason: 'workChanged' });
    expect((await call(await person(testApp.app), 'GET', `/api/market/listings/${edited.listing.id}`)).statusCode).toBe(404);

    const offline = await list(seller);
    await call(seller, 'PUT', `/api/model/${offline.work.uid}/onLined`, { onLined: false });
    expect(await listingRow(offline.listing.id)).toMatchObject({ status: 'off', offReason: 'workChanged' });

    const pending = await list(seller, { approve: false });
    await call(seller, 'DELETE', `/api/model/${pending.work.uid}`);
    expect(await listingRow(pending.listing.id)).toMatchObject({ status: 'off', offReason: 'workChanged' });

    // A tag is not reviewed content: the listing stays.
    const tagged = await list(seller);
    await call(seller, 'POST', `/api/model/${tagged.work.uid}/tag/花园`);
    expect((await listingRow(tagged.listing.id)).status).toBe('onMarket');
  });

  it('lets an admin take a listing off with a reason', async () => {
    const { listing, work } = await list(seller);
    expect((await call(admin, 'POST', `/api/admin/market/listings/${listing.id}/takeOff`, {})).statusCode).toBe(400);
    const off = dataOf<AdminMarketListing>(
      await call(admin, 'POST', `/api/admin/market/listings/${listing.id}/takeOff`, { reason: '侵权' }),
    );
    expect(off).toMatchObject({ status: 'off', offReason: 'admin', reason: '侵权' });
    expect(await workOf(work.uid)).toMatchObject({ status: 'passed', marketPrice: null });
    expect(codeOf(await call(admin, 'POST', `/api/admin/market/listings/${listing.id}/takeOff`, { reason: '侵权' }))).toBe(
      MarketErrors.marketListingNotOnMarket.code,
    );
    expect((await call(admin, 'POST', '/api/admin/market/listings/999999/approve')).statusCode).toBe(404);
  });
});

describe('GET /api/market/listings and /api/market/listings/{id}', () => {
  it('searches in Chinese, filters by type and price, sorts and pages, open to everyone', async () => {
    const shop = await person(testApp.app, { name: 'Shop' });
    const cheap = await list(shop, { name: '湖景别墅 样板', price: '3.00' });
    const dear = await list(shop, { name: '湖景公寓', price: '30.00' });
    await list(shop, { name: '山景小屋', price: '8.00' });
    const search = (query: string) => testApp.app.inject({ method: 'GET', url: `/api/market/listings?${query}` });

    const lake = dataOf<Page<MarketListingCard>>(await search(`q=${encodeURIComponent('湖景')}&sort=priceAsc`));
    expect(lake.list.map((card) => card.id)).toEqual([cheap.listing.id, dear.listing.id]);
    expect(lake.total).toBe(2);
    expect(lake.list[0]).toMatchObject({ priceFen: 300, licence: 'view', seller: { uid: shop.uid, identities: [] }, sales: 0 });
    expect(lake.list[0]!.work.coverUrl).toMatch(/^\/files\//);
    // One character finds it too, and a word split over two fields does not.
    expect(dataOf<Page<MarketListingCard>>(await search(`q=${encodeURIComponent('墅')}`)).list.map((card) => card.id)).toContain(
      cheap.listing.id,
    );
    expect(dataOf<Page<MarketListingCard>>(await search(`q=${encodeURIComponent('湖景别墅样')}`)).total).toBe(0);
    const priced = dataOf<Page<MarketListingCard>>(await search(`q=${encodeURIComponent('景')}&minPrice=500&maxPrice=3000&sort=priceDesc`));
    expect(priced.list.map((card) => card.priceFen)).toEqual([3000, 800]);
    expect(dataOf<Page<MarketListingCard>>(await search(`q=${encodeURIComponent('湖景')}&type=model3d`)).total).toBe(0);
    const paged = dataOf<Page<MarketListingCard>>(await search(`q=${encodeURIComponent('景')}&pageSize=1&pageNum=2&sort=priceAsc`));
    expect(paged).toMatchObject({ total: 3, pageNum: 2, pageSize: 1 });
    expect(paged.list[0]!.priceFen).toBe(800);
    const newest = dataOf<Page<MarketListingCard>>(await search('sort=newest&pageSize=3'));
    expect(newest.list[0]!.listedAt).toBeGreaterThanOrEqual(newest.list[1]!.listedAt);

    expect((await search('minPrice=500&maxPrice=100')).statusCode).toBe(400);
    expect((await search('sort=cheapest')).statusCode).toBe(400);
    expect((await search('type=video')).statusCode).toBe(400);
    expect((await search(`q=${'x'.repeat(51)}`)).statusCode).toBe(400);
  });

  it('answers a listing with its work, its seller, and the caller’s standing', async () => {
    const { listing, work } = await list(seller, { name: '详情作品', price: '6.00' });
    const detail = dataOf<MarketListingDetail>(await testApp.app.inject({ method: 'GET', url: `/api/market/listings/${listing.id}` }));
    expect(detail).toMatchObject({
      id: listing.id,
      status: 'onMarket',
      priceFen: 600,
      purchaseId: null,
      mine: false,
      balanceFen: 0,
      providers: ['sandbox'],
      seller: { uid: seller.uid, name: 'Seller' },
    });
    expect(detail.detail).toMatchObject({ uid: work.uid, status: 'exposed' });
    expect(detail.detail.assets.every((asset) => asset.kind !== 'origin')).toBe(true);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/market/listings/999999' })).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/market/listings/abc' })).statusCode).toBe(400);

    const buyer = await person(testApp.app);
    const purchaseId = await boughtListing(testApp.app, buyer, listing);
    expect(dataOf<MarketListingDetail>(await call(buyer, 'GET', `/api/market/listings/${listing.id}`)).purchaseId).toBe(purchaseId);
    // Off the market, its buyer still opens it.
    await call(seller, 'DELETE', `/api/model/${work.uid}/market`);
    expect(dataOf<MarketListingDetail>(await call(buyer, 'GET', `/api/market/listings/${listing.id}`))).toMatchObject({
      status: 'off',
      purchaseId,
    });
  });
});

describe('POST /api/market/listings/{id}/purchase from the balance', () => {
  it('moves the price from the buyer to the seller’s income less the fee, in one movement, and records the entitlement', async () => {
    await settle({ feeBasisPoints: 1000, refundWindowDays: 7 });
    const shop = await person(testApp.app);
    const { listing, work } = await list(shop, { price: '20.00' });
    const buyer = await person(testApp.app, { name: 'Buyer' });
    await fundBalance(testApp.app, buyer.id, 2_500);
    const revenueBefore = await revenue();

    const answer = dataOf<MarketPurchaseAnswer>(await buy(buyer, listing.id, 'balance', 'buy-1'));
    expect(answer.order).toBeNull();
    expect(answer.balanceFen).toBe(500);
    expect(answer.purchase).toMatchObject({
      listingId: listing.id,
      priceFen: 2000,
      feeFen: 200,
      paidFromBalanceFen: 2000,
      paidByProviderFen: 0,
      provider: null,
      status: 'completed',
      licence: 'view',
      copyUid: null,
      work: { uid: work.uid },
      seller: { uid: shop.uid },
      buyer: { uid: buyer.uid, name: 'Buyer' },
    });
    expect(answer.purchase!.orderNo).toMatch(/^K\d{14}[0-9a-f]{8}$/);
    expect(answer.purchase!.refundableUntil).toBe(answer.purchase!.purchasedAt + 7 * DAY_MS);
    expect(await balanceOf(buyer)).toBe(500);
    expect(await incomeOf(shop)).toBe(1800);
    expect((await revenue()) - revenueBefore).toBe(200);
    const movements = await rowsOf<{ kind: string; memo: string }>(
      db(),
      sql`select kind, memo from ledger_transactions where reference = ${`market:purchase:${answer.purchase!.orderNo}`}`,
    );
    expect(movements).toEqual([{ kind: 'marketSale', memo: work.name }]);
    expect((await listingRow(listing.id)).sales).toBe(1);
    expect((await noticesOf(buyer, 'marketPurchased'))[0]).toMatchObject({ params: { price: 2000, licence: 'view' } });
    expect((await noticesOf(shop, 'marketSold'))[0]).toMatchObject({ params: { price: 2000, income: 1800 } });

    // The same key answers the same purchase; the buyer's console lists it; a second purchase is refused.
    expect(dataOf<MarketPurchaseAnswer>(await buy(buyer, listing.id, 'balance', 'buy-1')).purchase!.id).toBe(answer.purchase!.id);
    const another = await list(shop, { price: '1.00' });
    expect(codeOf(await buy(buyer, another.listing.id, 'balance', 'buy-1'))).toBe(GeneralErrors.idempotencyKeyReused.code);
    expect(codeOf(await buy(buyer, listing.id))).toBe(MarketErrors.marketAlreadyBought.code);
    const bought = dataOf<Page<MarketPurchase>>(await call(buyer, 'GET', '/api/market/purchases'));
    expect(bought.list.map((row) => row.id)).toEqual([answer.purchase!.id]);
    expect(dataOf<Page<MarketPurchase>>(await call(shop, 'GET', '/api/market/purchases')).total).toBe(0);

    // The orders pages and the income statistics.
    const consumed = dataOf<OrderPage>(await call(buyer, 'GET', '/api/c/orders?direction=consume&type=market'));
    expect(consumed.list[0]).toMatchObject({
      type: 'market',
      orderNo: answer.purchase!.orderNo,
      item: { kind: 'work', workUid: work.uid },
      counterpart: { uid: shop.uid },
      amountFen: 2000,
      status: 'completed',
      sourceStatus: 'paid',
    });
    const sold = dataOf<OrderPage>(await call(shop, 'GET', '/api/c/orders?direction=income&type=market'));
    expect(sold.list[0]).toMatchObject({ counterpart: { uid: buyer.uid }, amountFen: 1800 });
    expect(sold.totals).toEqual({ count: 1, amountFen: 1800, completedCount: 1 });
    expect(dataOf<OrderPage>(await call(shop, 'GET', '/api/c/orders?direction=income&type=market&status=pending')).total).toBe(0);
    const stat = dataOf<IncomeStat>(await call(shop, 'GET', '/api/revenue/stat'));
    expect(stat.bySource).toEqual([{ source: 'market', amountFen: 1800, count: 1 }]);
  });

  it('refuses bad input, signed-out callers, the seller, an empty balance, an open debt and listings off the market', async () => {
    const { listing, work } = await list(seller, { price: '5.00' });
    const buyer = await person(testApp.app);
    expect((await call(undefined, 'POST', `/api/market/listings/${listing.id}/purchase`, { method: 'balance' })).statusCode).toBe(401);
    expect((await buy(buyer, listing.id, 'cash')).statusCode).toBe(400);
    expect((await call(buyer, 'POST', `/api/market/listings/${listing.id}/purchase`, {})).statusCode).toBe(400);
    expect(codeOf(await buy(buyer, 999_999))).toBe(MarketErrors.marketListingNotFound.code);
    expect(codeOf(await buy(seller, listing.id))).toBe(MarketErrors.marketOwnListing.code);
    await fundBalance(testApp.app, buyer.id, 499);
    const short = await buy(buyer, listing.id);
    expect(short.statusCode).toBe(409);
    expect(json(short)).toMatchObject({ code: MarketErrors.marketBalanceShort.code });
    expect(json(short).msg).toContain('¥0.01 short');
    expect(await balanceOf(buyer)).toBe(499);
    expect(codeOf(await buy(buyer, listing.id, 'wechat'))).toBe(PaymentErrors.paymentProviderUnavailable.code);

    const debtor = await person(testApp.app);
    await fundBalance(testApp.app, debtor.id, 1_000);
    await oweDebt(testApp.app, debtor.id, 1_500);
    await fundBalance(testApp.app, debtor.id, 1_000);
    expect(codeOf(await buy(debtor, listing.id))).toBe(PaymentErrors.debtOpen.code);

    await call(seller, 'DELETE', `/api/model/${work.uid}/market`);
    await fundBalance(testApp.app, buyer.id, 1_000);
    expect(codeOf(await buy(buyer, listing.id))).toBe(MarketErrors.marketListingNotOnMarket.code);
  });

  it('puts a copy of the work into the buyer’s works for a copy licence', async () => {
    const { listing, work } = await list(seller, { price: '3.00', licence: 'copy', name: '可复制作品' });
    const buyer = await person(testApp.app);
    await fundBalance(testApp.app, buyer.id, 300);
    const purchase = dataOf<MarketPurchaseAnswer>(await buy(buyer, listing.id)).purchase!;
    expect(purchase.copyUid).not.toBeNull();
    const copy = dataOf<WorkDetail>(await call(buyer, 'GET', `/api/model/${purchase.copyUid}`));
    expect(copy).toMatchObject({ name: '可复制作品', status: 'unpublished', owner: { uid: buyer.uid } });
    expect(copy.assets.map((asset) => asset.kind).sort()).toEqual(['cover', 'origin']);
    const mine = dataOf<Page<WorkSummary>>(await call(buyer, 'GET', `/api/fe/client/${buyer.uid}/models`));
    expect(mine.list.map((row) => row.uid)).toEqual([purchase.copyUid]);
    // The original stays the seller's, on the market.
    expect(await workOf(work.uid)).toMatchObject({ ownerId: seller.id, status: 'exposed' });
  });

  it('refuses listing a bought copy (2412), even published and reviewed; the buyer may list works of their own', async () => {
    const { listing } = await list(seller, { price: '3.00', licence: 'copy', name: '复制后转卖' });
    const buyer = await person(testApp.app);
    await fundBalance(testApp.app, buyer.id, 300);
    const { copyUid } = dataOf<MarketPurchaseAnswer>(await buy(buyer, listing.id)).purchase!;
    expect((await buyer.call('PUT', `/api/model/${copyUid}/onLined`, 'onLined=true')).statusCode).toBe(200);
    expect((await call(buyer, 'POST', `/api/model/${copyUid}/audit`)).statusCode).toBe(200);
    await services().workPublishing.passReviewAsSystem({ id: buyer.id, roles: [Role.customer] }, copyUid!);
    const refused = await call(buyer, 'PUT', `/api/model/${copyUid}/market`, { price: '5.00', licence: 'view' });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe(MarketErrors.marketCopyNotListable.code);
    expect(json(refused).msg).toBe('This work is a copy bought on the market; it cannot be listed for sale');
    const zh = await testApp.app.inject({
      method: 'PUT',
      url: `/api/model/${copyUid}/market`,
      headers: { ...authHeaders(buyer.token), cookie: 'language=zh' },
      payload: { price: '5.00' },
    });
    expect(json(zh).msg).toBe('这是从市场购买的作品副本，不能再上架出售');
    // Nothing was written; another person cannot list it either.
    expect(await services().database.db.select().from(marketListings).where(eq(marketListings.sellerId, buyer.id))).toHaveLength(0);
    expect((await call(seller, 'PUT', `/api/model/${copyUid}/market`, { price: '5.00' })).statusCode).toBeGreaterThanOrEqual(403);
    // A work of the buyer's own still lists.
    expect((await list(buyer, { price: '4.00', name: '自己的作品' })).listing.status).toBe('onMarket');
  });
});

describe('GET /api/market/myListings?workUids=: the listings of the works in view', () => {
  it("answers only the caller's listings of those works, whatever else they list; bad input and strangers get nothing more", async () => {
    const lister = await person(testApp.app);
    const listed = [];
    for (const name of ['其一', '其二', '其三']) listed.push(await list(lister, { name, price: '2.00' }));
    const unlisted = await reviewedWork(testApp.app, lister, '未上架');
    const other = await list(seller, { name: '别人的' });
    const ask = (as: Person | undefined, uids: string[], extra = '') =>
      call(as, 'GET', `/api/market/myListings?pageSize=100&workUids=${uids.join(',')}${extra}`);

    // The first page of one listing would not reach the first work; asked by uid, each is there.
    const firstOnly = dataOf<Page<MyMarketListing>>(await call(lister, 'GET', '/api/market/myListings?pageSize=1'));
    expect(firstOnly.total).toBe(3);
    const wanted = [listed[0]!.work.uid, listed[2]!.work.uid, unlisted.uid, other.work.uid];
    const page = dataOf<Page<MyMarketListing>>(await ask(lister, wanted));
    expect(page.list.map((row) => row.work.uid).sort()).toEqual([listed[0]!.work.uid, listed[2]!.work.uid].sort());
    expect(page.total).toBe(2);
    // With a status too; an empty list of uids answers nothing.
    expect(dataOf<Page<MyMarketListing>>(await ask(lister, wanted, '&status=pending')).list).toEqual([]);
    expect(dataOf<Page<MyMarketListing>>(await call(lister, 'GET', '/api/market/myListings?workUids=')).list).toEqual([]);
    // Another person asking for these works sees none of them.
    expect(dataOf<Page<MyMarketListing>>(await ask(seller, [listed[0]!.work.uid])).list).toEqual([]);
    // More than 100 works, or signed out, are refused.
    const tooMany = await ask(
      lister,
      Array.from({ length: 101 }, (_, index) => `w${index}`),
    );
    expect(tooMany.statusCode).toBe(400);
    expect((await ask(undefined, [listed[0]!.work.uid])).statusCode).toBe(401);
  });
});

describe('buying by QR code for what the balance lacks', () => {
  const signOf = (codeUrl: string) => new URL(codeUrl, 'http://site').searchParams.get('sign')!;
  const notify = (notification: { headers: unknown; rawBody: string }) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/notify',
      headers: { 'content-type': 'application/json', ...(notification.headers as Record<string, string>) },
      payload: notification.rawBody,
    });

  it('answers an order for the missing part; the payment, notified 10 times at once, buys once; a refund sends that part back', async () => {
    await settle({ feeBasisPoints: 500, refundWindowDays: 7 });
    const shop = await person(testApp.app);
    const { listing } = await list(shop, { price: '10.00' });
    const buyer = await person(testApp.app);
    await fundBalance(testApp.app, buyer.id, 300);
    const answer = dataOf<MarketPurchaseAnswer>(await buy(buyer, listing.id, 'sandbox', 'qr-1'));
    expect(answer.purchase).toBeNull();
    expect(answer.order).toMatchObject({ status: 'pending', provider: 'sandbox', amountFen: 700 });
    // The same key answers the same order.
    expect(dataOf<MarketPurchaseAnswer>(await buy(buyer, listing.id, 'sandbox', 'qr-1')).order!.id).toBe(answer.order!.id);

    const notification = (await sandbox().pay(answer.order!.orderNo, signOf(answer.order!.codeUrl)))!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(notification)));
    expect(answers.map((response) => response.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const purchases = await db().select().from(marketPurchases).where(eq(marketPurchases.buyerId, buyer.id));
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({
      orderNo: answer.order!.orderNo,
      paidFromBalanceFen: 300,
      paidByProviderFen: 700,
      provider: 'sandbox',
      feeFen: 50,
    });
    expect(await balanceOf(buyer)).toBe(0);
    expect(await incomeOf(shop)).toBe(950);
    expect(dataOf<MarketListingDetail>(await call(buyer, 'GET', `/api/market/listings/${listing.id}`)).purchaseId).toBe(purchases[0]!.id);

    // The refund: 950 from the seller's income and 50 of fee to the buyer's balance, then 700 on to the provider.
    const refunded = dataOf<MarketPurchase>(
      await call(
        admin,
        'POST',
        `/api/admin/market/purchases/${purchases[0]!.id}/refund`,
        { reason: '质量问题' },
        { 'idempotency-key': 'r-qr' },
      ),
    );
    expect(refunded).toMatchObject({ status: 'refunded', refundReason: '质量问题' });
    expect(await incomeOf(shop)).toBe(0);
    const [providerRefund] = await db().select().from(paymentRefunds).where(eq(paymentRefunds.orderId, answer.order!.id));
    expect(providerRefund).toMatchObject({ amountFen: 700, status: 'succeeded' });
    expect(await balanceOf(buyer)).toBe(300);
    expect((await noticesOf(buyer, 'marketPurchaseRefunded'))[0]).toMatchObject({ params: { toProvider: 700 } });
  });

  it('keeps the money on the balance when the listing left the market before the payment arrived', async () => {
    const shop = await person(testApp.app);
    const { listing, work } = await list(shop, { price: '4.00' });
    const buyer = await person(testApp.app);
    const answer = dataOf<MarketPurchaseAnswer>(await buy(buyer, listing.id, 'sandbox'));
    await call(shop, 'DELETE', `/api/model/${work.uid}/market`);
    const notification = (await sandbox().pay(answer.order!.orderNo, signOf(answer.order!.codeUrl)))!;
    expect((await notify(notification)).statusCode).toBe(200);
    expect(await db().select().from(marketPurchases).where(eq(marketPurchases.buyerId, buyer.id))).toHaveLength(0);
    expect(await balanceOf(buyer)).toBe(400);
    expect((await noticesOf(buyer, 'marketPurchaseFailed'))[0]).toMatchObject({ params: { price: 400 } });
  });

  it('books from the balance at once when it covers the price', async () => {
    const { listing } = await list(seller, { price: '1.00' });
    const buyer = await person(testApp.app);
    await fundBalance(testApp.app, buyer.id, 100);
    const answer = dataOf<MarketPurchaseAnswer>(await buy(buyer, listing.id, 'sandbox'));
    expect(answer).toMatchObject({ order: null, balanceFen: 0, purchase: { paidFromBalanceFen: 100 } });
  });
});

describe('concurrent purchases', () => {
  it('sells one listing to ten buyers at once, each once', async () => {
    const shop = await person(testApp.app);
    const { listing } = await list(shop, { price: '2.00' });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => person(testApp.app)));
    for (const buyer of buyers) await fundBalance(testApp.app, buyer.id, 400);
    const answers = await Promise.all(buyers.map((buyer) => buy(buyer, listing.id)));
    expect(answers.map((response) => response.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    expect((await listingRow(listing.id)).sales).toBe(10);
    // The same ten again, all at once, twice each: none buys it twice.
    const again = await Promise.all(buyers.flatMap((buyer) => [buy(buyer, listing.id), buy(buyer, listing.id)]));
    expect(again.map(codeOf)).toEqual(Array.from({ length: 20 }, () => MarketErrors.marketAlreadyBought.code));
    for (const buyer of buyers) expect(await balanceOf(buyer)).toBe(200);
    expect((await listingRow(listing.id)).sales).toBe(10);
  });

  it('books exactly what one balance allows when ten purchases from it run at once', async () => {
    const shop = await person(testApp.app);
    const listings = await Promise.all(Array.from({ length: 10 }, (_, index) => list(shop, { price: '3.00', name: `并发 ${index}` })));
    const buyer = await person(testApp.app);
    await fundBalance(testApp.app, buyer.id, 900 + 299);
    const answers = await Promise.all(listings.map(({ listing }) => buy(buyer, listing.id)));
    const codes = answers.map(codeOf);
    expect(codes.filter((code) => code === 0)).toHaveLength(3);
    expect(codes.filter((code) => code === MarketErrors.marketBalanceShort.code)).toHaveLength(7);
    expect(await balanceOf(buyer)).toBe(299);
    expect(await db().select().from(marketPurchases).where(eq(marketPurchases.buyerId, buyer.id))).toHaveLength(3);
  });
});

describe('refunds: POST /api/admin/market/purchases/{id}/refund', () => {
  it('reverses the sale within the window, once, and refuses after it', async () => {
    await settle({ feeBasisPoints: 1000, refundWindowDays: 7 });
    const shop = await person(testApp.app);
    const { listing } = await list(shop, { price: '10.00' });
    const buyer = await person(testApp.app);
    const purchaseId = await boughtListing(testApp.app, buyer, listing);
    const revenueBefore = await revenue();
    const url = `/api/admin/market/purchases/${purchaseId}/refund`;
    expect((await call(buyer, 'POST', url, { reason: 'x' })).statusCode).toBe(403);
    expect((await call(admin, 'POST', url, {})).statusCode).toBe(400);
    expect((await call(admin, 'POST', '/api/admin/market/purchases/999999/refund', { reason: 'x' })).statusCode).toBe(404);

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call(admin, 'POST', url, { reason: '重复购买' }, { 'idempotency-key': 'refund-1' })),
    );
    expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await balanceOf(buyer)).toBe(1000);
    expect(await incomeOf(shop)).toBe(0);
    expect(revenueBefore - (await revenue())).toBe(100);
    expect((await listingRow(listing.id)).sales).toBe(0);
    expect(codeOf(await call(admin, 'POST', url, { reason: '重复购买' }))).toBe(MarketErrors.marketPurchaseRefunded.code);
    expect((await noticesOf(shop, 'marketSaleRefunded'))[0]).toMatchObject({ params: { income: 900, debt: 0 } });
    // The entitlement ended: the buyer may buy it again.
    expect(dataOf<MarketListingDetail>(await call(buyer, 'GET', `/api/market/listings/${listing.id}`)).purchaseId).toBeNull();
    const consumed = dataOf<OrderPage>(await call(buyer, 'GET', '/api/c/orders?direction=consume&type=market'));
    expect(consumed.list[0]).toMatchObject({ sourceStatus: 'refunded', refundedFen: 1000 });
    // Counted as completed, as a refunded recharge is (docs/orders.md): the row, the totals and the status filter agree.
    expect(consumed.list[0]!.status).toBe('completed');
    expect(consumed.totals).toEqual({ count: 1, amountFen: 1000, completedCount: 1 });
    const completedOnly = dataOf<OrderPage>(await call(buyer, 'GET', '/api/c/orders?direction=consume&type=market&status=completed'));
    expect(completedOnly.totals).toEqual({ count: 1, amountFen: 1000, completedCount: 1 });
    const sold = dataOf<OrderPage>(await call(shop, 'GET', '/api/c/orders?direction=income&type=market'));
    expect(sold.totals).toEqual({ count: 1, amountFen: 900, completedCount: 1 });
    // Another person's page has none of it; a pending filter none either.
    expect(
      dataOf<OrderPage>(await call(await person(testApp.app), 'GET', '/api/c/orders?direction=consume&type=market')).totals.count,
    ).toBe(0);
    expect(dataOf<OrderPage>(await call(buyer, 'GET', '/api/c/orders?direction=consume&type=market&status=pending')).total).toBe(0);

    // Past the window.
    const late = await boughtListing(testApp.app, buyer, listing);
    await db()
      .update(marketPurchases)
      .set({ createdAt: new Date(Date.now() - 8 * DAY_MS) })
      .where(eq(marketPurchases.id, late));
    expect(codeOf(await call(admin, 'POST', `/api/admin/market/purchases/${late}/refund`, { reason: 'x' }))).toBe(
      MarketErrors.marketRefundWindowPassed.code,
    );
    const listed = dataOf<Page<MarketPurchase>>(
      await call(admin, 'GET', `/api/admin/market/purchases?keyword=${buyer.uid}&status=refunded`),
    );
    expect(listed.list.map((row) => row.id)).toEqual([purchaseId]);
  });

  it('leaves a debt on the seller’s income when it was withdrawn, which the next sale settles first', async () => {
    await settle({ feeBasisPoints: 0, refundWindowDays: 7 });
    const shop = await person(testApp.app);
    const { listing } = await list(shop, { price: '10.00' });
    const other = await list(shop, { price: '4.00' });
    const buyer = await person(testApp.app);
    const purchaseId = await boughtListing(testApp.app, buyer, listing);
    // The seller withdrew 600 of the 1000 earned.
    await services().ledger.openSystemAccount('system:test:payouts');
    await services().ledger.post({
      reference: `test:withdraw:${shop.id}`,
      kind: 'test',
      entries: [
        { account: LedgerAccount.income(shop.id), amount: -600 },
        { account: 'system:test:payouts', amount: 600 },
      ],
    });
    await call(admin, 'POST', `/api/admin/market/purchases/${purchaseId}/refund`, { reason: '退款' });
    expect(await incomeOf(shop)).toBe(0);
    expect(await debtOf(shop)).toBe(600);
    expect(await balanceOf(buyer)).toBe(1000);
    expect((await noticesOf(shop, 'marketSaleRefunded'))[0]).toMatchObject({ params: { debt: 600 } });
    // The next sale (400) settles 400 of the debt from the income it brings.
    await boughtListing(testApp.app, await person(testApp.app), other.listing);
    expect(await debtOf(shop)).toBe(200);
    expect(await incomeOf(shop)).toBe(0);
  });

  it('removes a copy with its refund, and refuses once the buyer changed the copy', async () => {
    await settle({ feeBasisPoints: 1000, refundWindowDays: 7 });
    const { listing } = await list(seller, { price: '2.00', licence: 'copy' });
    const kept = await person(testApp.app);
    const keptId = await boughtListing(testApp.app, kept, listing);
    const refunded = dataOf<MarketPurchase>(await call(admin, 'POST', `/api/admin/market/purchases/${keptId}/refund`, { reason: '退款' }));
    expect(refunded).toMatchObject({ status: 'refunded', copyUid: null });
    expect(dataOf<Page<WorkSummary>>(await call(kept, 'GET', `/api/fe/client/${kept.uid}/models`)).total).toBe(0);

    const editor = await person(testApp.app);
    const editedId = await boughtListing(testApp.app, editor, listing);
    const copyUid = dataOf<Page<MarketPurchase>>(await call(editor, 'GET', '/api/market/purchases')).list[0]!.copyUid!;
    await call(editor, 'PATCH', `/api/model/${copyUid}/attr`, { name: '我的版本' });
    expect(codeOf(await call(admin, 'POST', `/api/admin/market/purchases/${editedId}/refund`, { reason: '退款' }))).toBe(
      MarketErrors.marketCopyChanged.code,
    );
  });
});

describe('GET and PUT /api/admin/market/settings', () => {
  it('answers and changes the fee and the refund window, for admins only', async () => {
    expect((await call(seller, 'GET', '/api/admin/market/settings')).statusCode).toBe(403);
    expect((await call(admin, 'PUT', '/api/admin/market/settings', { feeBasisPoints: 5001, refundWindowDays: 7 })).statusCode).toBe(400);
    expect((await call(admin, 'PUT', '/api/admin/market/settings', { feeBasisPoints: 100, refundWindowDays: -1 })).statusCode).toBe(400);
    await settle({ feeBasisPoints: 250, refundWindowDays: 3 });
    expect(dataOf<MarketSettings>(await call(admin, 'GET', '/api/admin/market/settings'))).toEqual({
      feeBasisPoints: 250,
      refundWindowDays: 3,
    });
  });
});
