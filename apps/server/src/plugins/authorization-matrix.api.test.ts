import { Permission, Role, type WorkDetail } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, json, signIn, type TestApp } from '../test/test-app.js';
import { postFile } from '../test/multipart.js';
import { renderSyntheticPanorama } from '../media/panorama/index.js';
import {
  attachAsset,
  createWork,
  person,
  processedPanorama,
  publishedWork,
  samplePng,
  withToken,
  type Person,
} from '../test/works-fixtures.js';
import { boughtListing, listedWork } from '../test/market-fixtures.js';

/**
 * The authorization matrix (docs/access.md): every endpoint that takes an id or a uid in its path is
 * called as anonymous, as another signed-in user, as the owner of what the path names and as an
 * admin, each time on a fresh fixture, and must answer the status its row expects. The endpoints are
 * read from /api/openapi.json, so a new one without a row fails the test, which names it with the
 * statuses it answered to a default fixture (check them before copying them into a row).
 */

type Caller = 'anonymous' | 'other' | 'owner' | 'admin';
const CALLERS: readonly Caller[] = ['anonymous', 'other', 'owner', 'admin'];

interface World {
  testApp: TestApp;
  owner: Person;
  other: Person;
  admin: Person;
  /** A fourth person: the receiver of the owner's transfers. */
  receiver: Person;
}

/** Makes what the path names, owned by `world.owner`, and answers the path's parameters. */
type Fixture = (world: World) => Promise<Record<string, string>>;

interface Row {
  fixture: Fixture;
  /** Expected HTTP status for anonymous, another user, the owner, an admin. */
  expected: readonly [number, number, number, number];
  /** A JSON body, for the endpoints that take one (otherwise validation answers 400 before any rule). */
  body?: Record<string, unknown> | ((world: World) => Record<string, unknown>);
  query?: string;
}

// ---- fixtures: fresh for every call, so that one caller's success never changes another's answer ----

const work: Fixture = async ({ owner }) => {
  const created = await createWork(owner, { name: '矩阵作品' });
  return { uid: created.uid, id: created.uid };
};

/** A work with an original file: processing refuses (1910) a work without one before checking anything else. */
const workWithOrigin: Fixture = async ({ testApp, owner }) => {
  const created = await createWork(owner, { name: '有原始文件' });
  await attachAsset(testApp.app, owner, created.uid, 'origin', await samplePng(), 'image/png');
  return { uid: created.uid, id: created.uid };
};

/** One processed tour of the owner's, shared by the guide fixtures (processing it once is enough). */
let narratedTour: string | undefined;

/**
 * A fresh narrated guide (one scene with text) of the owner's tour. Made through the service: the matrix's
 * owner has no permission 962, so every owner call of the guide routes answers 403 (docs/narrations.md).
 */
const narration: Fixture = async ({ testApp, owner }) => {
  const narrations = testApp.app.services.narrations;
  const actor = { id: owner.id, roles: [Role.customer] };
  narratedTour ??= (await processedPanorama(testApp.app, owner, [await renderSyntheticPanorama({ width: 512, height: 256 })], '矩阵讲解'))
    .uid;
  for (const old of await narrations.list(actor)) await narrations.remove(actor, old.id);
  const created = await narrations.create(actor, { workUid: narratedTour, title: '矩阵讲解', language: 'zh' });
  const sceneId = created.scenes[0]!.sceneId;
  await narrations.saveText(actor, created.id, sceneId, '讲解文字');
  return { id: String(created.id), sceneId };
};

const pointCloud: Fixture = async ({ owner }) => {
  const created = await createWork(owner, { name: '点云', type: 'pointcloud' });
  return { uid: created.uid, id: created.uid };
};

const workWithCover: Fixture = async ({ testApp, owner }) => {
  const created = await createWork(owner, { name: '有封面' });
  await attachAsset(testApp.app, owner, created.uid, 'cover', await samplePng(), 'image/png');
  const detail = json<{ data: WorkDetail & { assets: { id: number; kind: string }[] } }>(
    await owner.call('GET', `/api/model/${created.uid}`),
  ).data;
  const asset = detail.assets.find((candidate) => candidate.kind === 'cover');
  if (!asset) throw new Error(`no cover asset in ${JSON.stringify(detail)}`);
  return { uid: created.uid, assetId: String(asset.id) };
};

const recycled: Fixture = async (world) => {
  const params = await work(world);
  const response = await world.owner.call('DELETE', `/api/model/${params.uid}`);
  if (response.statusCode !== 200) throw new Error(`delete failed: ${response.body}`);
  return params;
};

const ownerUser: Fixture = async ({ owner }) => ({ uid: owner.uid, id: owner.uid });

/**
 * A new user each call, for admin actions on users that would end the world's own sessions (disable,
 * sign out everywhere): for such admin-only endpoints the "owner" column is then another user too.
 */
const freshUser: Fixture = async ({ testApp }) => {
  const user = await person(testApp.app, { name: 'Target' });
  return { uid: user.uid, id: user.uid, userUid: user.uid };
};

const disabledUser: Fixture = async (world) => {
  const params = await freshUser(world);
  const userId = await world.testApp.app.services.users.findIdByUid(params.uid!);
  await world.testApp.app.services.users.setDisabled(world.admin.id, userId!, true);
  return params;
};

const ownerSession: Fixture = async ({ testApp, owner }) => {
  const token = await signIn(testApp.app, owner);
  const sessions = json<{ data: { id: number; current: boolean }[] }>(
    await withToken(testApp.app, owner, token).call('GET', '/api/c/sessions'),
  ).data;
  return { id: String(sessions.find((session) => session.current)!.id) };
};

/** A notice in the owner's inbox. */
const ownerNotice: Fixture = async ({ testApp, owner }) => {
  const { notifications, database } = testApp.app.services;
  await notifications.notify(database.db, { userId: owner.id, kind: 'workAuditPassed', params: { workName: '矩阵作品' } });
  const page = json<{ data: { list: { id: number }[] } }>(await owner.call('GET', '/api/c/notifications?pageSize=1')).data;
  return { id: String(page.list[0]!.id) };
};

/** A work the owner distributed to the receiver, still pending. */
const sentTransfer: Fixture = async (world) => {
  const { uid } = await work(world);
  const response = await world.owner.call('POST', `/api/model/${uid}/distribute`, `fullName=1&phoneNumber=${world.receiver.phone}`);
  if (response.statusCode !== 200) throw new Error(`distribute failed: ${response.body}`);
  return { id: String(json<{ data: { id: number } }>(response).data.id) };
};

/** A flow recharge the owner started and has not paid. */
const ownerRechargeOrder: Fixture = async ({ owner }) => {
  const response = await owner.call('POST', '/api/c/flowRecharge/nativePayNow', { months: 1, fee: 3000 });
  if (response.statusCode !== 200) throw new Error(`recharge failed: ${response.body}`);
  return { id: String(json<{ data: { id: number } }>(response).data.id) };
};

/** A withdrawal under review, asked for by `who` from income booked for the purpose. */
async function withdrawalOf(world: World, who: Person): Promise<{ id: string }> {
  const { ledger } = world.testApp.app.services;
  await ledger.openUserAccounts(who.id);
  await ledger.openSystemAccount('system:test:matrix');
  await ledger.post({
    reference: `matrix:earn:${who.id}:${Math.random()}`,
    kind: 'sale',
    entries: [
      { account: 'system:test:matrix', amount: -1_000 },
      { account: `user:${who.id}:income`, amount: 1_000 },
    ],
  });
  await world.testApp.app.services.withdrawals.updateSettings(world.admin, { payoutAccountCoolingHours: 0 });
  await who.call('PUT', '/api/c/withdraw/accounts/alipay', { account: '13912345678', realName: '矩阵', password: who.password });
  const response = await who.call('POST', '/api/c/withdraw', { amount: 1_000, channel: 'alipay', password: who.password });
  if (response.statusCode !== 200) throw new Error(`withdraw failed: ${response.body}`);
  return { id: String(json<{ data: { id: number } }>(response).data.id) };
}

/** A membership application waiting for review, by `applicant` (a fresh person unless given). */
async function membershipApplication(world: World, applicant?: Person): Promise<{ id: string; uid: string }> {
  const who = applicant ?? (await person(world.testApp.app));
  // The owner may still have one pending from the caller before: one pending per user.
  const mine = json<{ data: { applications: { id: number; status: string }[] } }>(await who.call('GET', '/api/c/membership')).data;
  for (const pending of mine.applications.filter((application) => application.status === 'pending')) {
    await who.call('POST', `/api/c/membership/applications/${pending.id}/withdraw`);
  }
  const licence = { fileName: 'licence.png', contentType: 'image/png', bytes: await samplePng() };
  const uploaded = await postFile(world.testApp.app, '/api/c/upload', who.token, licence);
  const { url } = json<{ data: { url: string } }>(uploaded).data;
  const extras = { licenceImages: [url], companyName: 'Matrix Ltd', name: 'Matrix', phone: who.phone };
  const applied = await who.call('POST', '/api/c/membership/apply', { versionId: 1, jsonExtras: JSON.stringify(extras) });
  if (applied.statusCode !== 200) throw new Error(`apply failed: ${applied.body}`);
  return { id: String(json<{ data: { id: number } }>(applied).data.id), uid: who.uid };
}

const versionInput = {
  identityNameZh: '矩阵版',
  identityNameEn: 'Matrix',
  priceTags: [],
  groupCodes: ['team'],
  monthlyPriceFen: 100,
  trialDays: 1,
  sortOrder: 0,
  visible: true,
};

const membershipVersion: Fixture = async ({ admin }) => {
  const response = await admin.call('POST', '/api/admin/membership/versions', versionInput);
  if (response.statusCode !== 200) throw new Error(`version failed: ${response.body}`);
  return { id: String(json<{ data: { id: number } }>(response).data.id) };
};

/** A fresh person holding an approved trial. */
const activeMember: Fixture = async (world) => {
  const { id, uid } = await membershipApplication(world);
  const response = await world.admin.call('POST', `/api/admin/membership/applications/${id}/approve`);
  if (response.statusCode !== 200) throw new Error(`approve failed: ${response.body}`);
  return { userUid: uid };
};

/** The business card the owner uploaded last (the apply row's body names it). */
let ownerCard = '';

async function uploadBusinessCard(world: World, applicant: Person): Promise<string> {
  const card = { fileName: 'card.png', contentType: 'image/png', bytes: await samplePng() };
  const uploaded = await postFile(world.testApp.app, '/api/c/uploadBusinessCard', applicant.token, card);
  return json<{ data: { url: string } }>(uploaded).data.url;
}

/** One open identity record per user and kind: the one a previous caller left is withdrawn first. */
async function withdrawOpenIdentity(applicant: Person, kind: number): Promise<void> {
  const { record } = json<{ data: { record: { id: number; status: string } | null } }>(
    await applicant.call('GET', `/api/authIdentity/${kind}/detail`),
  ).data;
  if (record && ['pending', 'approved'].includes(record.status)) await applicant.call('DELETE', `/api/c/authRecord/${record.id}`);
}

/** The owner about to apply for kind 80 with a card of their own. */
const identityToApply: Fixture = async (world) => {
  await withdrawOpenIdentity(world.owner, 80);
  ownerCard = await uploadBusinessCard(world, world.owner);
  return { id: '80' };
};

/** A fresh pending identity record (kind 16) of `applicant`. */
async function identityRecord(world: World, applicant: Person): Promise<{ id: string }> {
  await withdrawOpenIdentity(applicant, 16);
  const businessCardUrl = await uploadBusinessCard(world, applicant);
  const applied = await applicant.call('POST', '/api/c/applyIdentity/16', {
    jsonExtras: JSON.stringify({ businessCardUrl, realName: 'Matrix' }),
  });
  if (applied.statusCode !== 200) throw new Error(`apply failed: ${applied.body}`);
  return { id: String(json<{ data: { id: number } }>(applied).data.id) };
}

// ---- service orders and signing (docs/service-orders.md) ----

const DAY = 24 * 60 * 60_000;

/** A service order placed (unpaid) by the owner; the price rule it needs is set first. */
const serviceOrder: Fixture = async ({ testApp, owner, admin }) => {
  await testApp.app.services.serviceOrders.setPriceRule({ id: admin.id, roles: [Role.admin] }, 'panoramaTour', {
    pricePerSiteFen: 10_000,
    pricePerM2Fen: 100,
    minimumFen: 0,
    depositBps: 3000,
    enabled: true,
  });
  const placed = await owner.call('POST', '/api/c/serviceOrder', {
    requirementType: 'panoramaTour',
    title: '矩阵订单',
    phone: '13912345678',
    provinceCode: '31',
    city: '上海',
    address: '矩阵路 1 号',
    pricing: 'sites',
    siteCount: 3,
    appointmentAt: Date.now() + 3 * DAY,
  });
  if (placed.statusCode !== 200) throw new Error(`placing failed: ${placed.body}`);
  return { id: String(json<{ data: { id: number } }>(placed).data.id) };
};

const serviceCoupon: Fixture = async ({ admin }) => {
  const created = await admin.call('POST', '/api/admin/serviceOrder/coupons', {
    name: '矩阵券',
    kind: 'amount',
    amountOffFen: 100,
    percentOff: 0,
    minSpendFen: 0,
    validFrom: Date.now() - DAY,
    validUntil: Date.now() + DAY,
    perUserLimit: 1,
    totalLimit: 0,
  });
  if (created.statusCode !== 200) throw new Error(`coupon failed: ${created.body}`);
  return { id: String(json<{ data: { id: number } }>(created).data.id) };
};

/** A photographer's signing application waiting for review, with a work of theirs as its sample. */
async function signingApplication(world: World): Promise<{ id: string; uid: string }> {
  const photographer = await person(world.testApp.app, { roles: [Role.photographer] });
  const sample = await createWork(photographer, { name: '样片' });
  const applied = await photographer.call('POST', '/api/c/signing/apply', {
    provinceCodes: ['31'],
    equipment: '全景相机',
    intro: '',
    sampleWorkUids: [sample.uid],
  });
  if (applied.statusCode !== 200) throw new Error(`signing failed: ${applied.body}`);
  return { id: String(json<{ data: { id: number } }>(applied).data.id), uid: photographer.uid };
}

const signedProvider: Fixture = async (world) => {
  const { id, uid } = await signingApplication(world);
  const approved = await world.admin.call('POST', `/api/admin/signing/applications/${id}/approve`);
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
  return { uid };
};

const row = (fixture: Fixture, expected: Row['expected'], options: Omit<Row, 'fixture' | 'expected'> = {}): Row => ({
  fixture,
  expected,
  ...options,
});

/** What someone who is neither the owner nor an admin asked for: what an admin decides on. */
const ofAnotherPerson =
  (make: (world: World, asker: Person) => Promise<Record<string, string>>): Fixture =>
  async (world) =>
    make(world, await person(world.testApp.app));

/** The options of a rejection or revocation, which needs a reason. */
const WITH_REASON = { body: { reason: 'matrix' } };

/** The owner's listing on the market (docs/market.md); `approve: false` leaves it waiting for review. */
const listing =
  (approve = true): Fixture =>
  async ({ testApp, owner, admin }) => {
    const listed = await listedWork(testApp.app, owner, { approve, admin });
    return { id: String(listed.listing.id) };
  };

/** A purchase of the owner's listing by the receiver. */
const marketPurchase: Fixture = async ({ testApp, owner, admin, receiver }) => {
  const listed = await listedWork(testApp.app, owner, { admin });
  return { id: String(await boughtListing(testApp.app, receiver, listed.listing)) };
};

/** An article written by an admin (docs/articles.md): the back office's alone; `publish` makes it public. */
const article =
  (publish = false): Fixture =>
  async ({ testApp, admin }) => {
    const draft = {
      title: '矩阵文章',
      summary: '',
      coverUrl: '',
      category: 'news',
      content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '正文' }] }] },
    };
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/articles',
      headers: authHeaders(admin.token),
      payload: draft,
    });
    const id = String(json<{ data: { id: number } }>(created).data.id);
    if (publish) await testApp.app.inject({ method: 'POST', url: `/api/admin/articles/${id}/publish`, headers: authHeaders(admin.token) });
    return { id };
  };

const ARTICLE_DRAFT = { body: { title: 'Matrix', summary: '', coverUrl: '', category: 'news', content: { type: 'doc', content: [] } } };
// ---- brand pages (docs/brand-pages.md): permission 42, which the owner and the other person are given here ----

async function withBrandPermission(world: World): Promise<void> {
  const { users } = world.testApp.app.services;
  for (const who of [world.owner, world.other]) await users.setGrants(world.admin.id, who.id, [Permission.tujingxiu]);
}

const SHOWCASE_BODY = { brandName: 'Matrix', logoUrl: '', brandColour: '#123456', intro: '', contact: '', workUids: [] };

async function brandShowcase(world: World, published: boolean): Promise<{ id: string; workUid: string }> {
  await withBrandPermission(world);
  const workUid = (await publishedWork(world.testApp.app, world.owner, '矩阵展示')).uid;
  const created = await world.owner.call('POST', '/api/c/showcases', { ...SHOWCASE_BODY, workUids: [workUid] });
  if (created.statusCode !== 200) throw new Error(`showcase failed: ${created.body}`);
  const id = json<{ data: { id: string } }>(created).data.id;
  if (published) await world.owner.call('PUT', `/api/c/showcases/${id}/published`, { published: true });
  return { id, workUid };
}

const LANDING_BODY = { targetKind: 'work', headline: 'Matrix', text: '', ctaLabel: 'Go', leadFields: [], consentText: '' };

async function brandLanding(world: World): Promise<{ id: string; workUid: string }> {
  const { workUid } = await brandShowcase(world, false);
  const created = await world.owner.call('POST', '/api/c/landingPages', { ...LANDING_BODY, targetId: workUid });
  if (created.statusCode !== 200) throw new Error(`landing page failed: ${created.body}`);
  const id = json<{ data: { id: string } }>(created).data.id;
  await world.owner.call('PUT', `/api/c/landingPages/${id}/published`, { published: true });
  return { id, workUid };
}

async function brandLead(world: World): Promise<{ id: string }> {
  const { id } = await brandLanding(world);
  await world.testApp.app.inject({
    method: 'POST',
    url: `/api/open/landingPages/${id}/leads`,
    payload: { name: 'Matrix' },
    remoteAddress: '10.9.9.9',
  });
  const leads = json<{ data: { list: { id: number }[] } }>(await world.owner.call('GET', `/api/c/leads?landingPageId=${id}`)).data;
  return { id: String(leads.list[0]!.id) };
}

/**
 * One line per endpoint: `'METHOD /path/{param}': row(fixture, [anonymous, other, owner, admin])`.
 * 401 = not signed in; 403 = signed in without the right; 404 = "no such thing" as far as the caller
 * may know (another's private work, transfer or session); 409/400 = the caller may act, but the
 * fixture's state or the empty body does not allow it.
 */
// ---- spaces (docs/spaces.md): a space is its owner's alone, admins included ----

/** The owner's work the last `ownSpace` fixture made: the body of an append. */
let spaceWorkUid = '';

const ownSpace: Fixture = async ({ owner }) => {
  const created = await owner.call('POST', '/api/c/space', { kind: 'personal', name: 'Matrix', visibility: 'public' });
  if (created.statusCode !== 200) throw new Error(`space failed: ${created.body}`);
  spaceWorkUid = (await createWork(owner, { name: '空间作品' })).uid;
  return { uid: json<{ data: { uid: string } }>(created).data.uid };
};

const MATRIX: Record<string, Row> = {
  // accounts and sessions
  'DELETE /api/c/sessions/{id}': row(ownerSession, [401, 404, 200, 404]),
  'POST /api/c/notifications/{id}/read': row(ownerNotice, [401, 404, 200, 404]),
  'GET /api/client/{uid}/info': row(ownerUser, [401, 403, 200, 200]),
  'PATCH /api/client/{uid}/info': row(ownerUser, [401, 403, 200, 403], { body: { fullName: 'Renamed' } }),
  'GET /api/client/{uid}/avatar/uploadCredentials': row(ownerUser, [401, 403, 200, 403]),
  // access (docs/access.md)
  'PUT /api/admin/users/{uid}/permissions': row(ownerUser, [401, 403, 403, 200], { body: { permIds: [480] } }),
  // back office: users (docs/back-office.md)
  'GET /api/admin/users/{uid}': row(ownerUser, [401, 403, 403, 200]),
  'POST /api/admin/users/{uid}/disable': row(freshUser, [401, 403, 403, 200]),
  'POST /api/admin/users/{uid}/enable': row(disabledUser, [401, 403, 403, 200]),
  'PUT /api/admin/users/{uid}/roles': row(freshUser, [401, 403, 403, 200], { body: { roles: [Role.customer, Role.photographer] } }),
  'PUT /api/admin/users/{uid}/enterprise': row(freshUser, [401, 403, 403, 200], { body: { enterprise: true } }),
  'POST /api/admin/users/{uid}/signOutEverywhere': row(freshUser, [401, 403, 403, 200]),
  // people (docs/people.md): the path names the owner; following oneself is refused
  'POST /api/c/follow/{id}': row(ownerUser, [401, 200, 400, 200]),
  'POST /api/c/unFollow/{id}': row(ownerUser, [401, 200, 400, 200]),
  'POST /api/c/removeFollow/{id}': row(ownerUser, [401, 200, 400, 200]),
  'GET /api/open/person/{uid}': row(ownerUser, [200, 200, 200, 200]),
  'GET /api/open/person/{uid}/works': row(ownerUser, [200, 200, 200, 200]),
  // works
  'GET /api/fe/client/{id}/models': row(ownerUser, [200, 200, 200, 200]),
  'POST /api/model/{id}/views': row(work, [404, 404, 200, 200]),
  'GET /api/model/{uid}': row(work, [404, 404, 200, 200]),
  'POST /api/model/{uid}/tag/{tag}': row(async (world) => ({ ...(await work(world)), tag: 'garden' }), [401, 404, 200, 200]),
  'DELETE /api/model/{uid}/tag/{tag}': row(async (world) => ({ ...(await work(world)), tag: 'garden' }), [401, 404, 200, 200]),
  'DELETE /api/model/{id}': row(work, [401, 404, 200, 200]),
  'POST /api/model/{uid}/restore': row(recycled, [401, 404, 200, 200]),
  'DELETE /api/model/{uid}/purge': row(recycled, [401, 404, 200, 200]),
  'PATCH /api/model/{uid}/attr': row(work, [401, 404, 200, 200], { body: { name: '改名' } }),
  'POST /api/model/{uid}/budget': row(work, [401, 404, 200, 200], { body: { budget: 5 } }),
  'POST /api/model/{id}/copy': row(work, [401, 404, 200, 200]),
  'PUT /api/model/{id}/onLined': row(work, [401, 404, 409, 409], { body: { onLined: true } }),
  'POST /api/model/{uid}/audit': row(work, [401, 404, 409, 409]),
  'DELETE /api/model/{uid}/audit': row(work, [401, 404, 409, 409]),
  'PUT /api/model/{uid}/market': row(work, [401, 404, 409, 409], { body: { price: '9.90' } }),
  'DELETE /api/model/{uid}/market': row(work, [401, 404, 200, 200]),
  // rentals (docs/rentals.md): the owner's rental details; a work without them has no contact to show
  'GET /api/model/{uid}/rental': row(work, [401, 404, 200, 200]),
  'PUT /api/model/{uid}/rental': row(work, [401, 404, 200, 200], {
    body: {
      rentFen: 100_000,
      area: 50,
      bedrooms: 1,
      livingRooms: 1,
      bathrooms: 1,
      floor: null,
      totalFloors: null,
      address: '矩阵路 1 号',
      district: '',
      city: '',
      contactName: '矩阵',
      contactPhone: '13800000062',
      listed: true,
    },
  }),
  'DELETE /api/model/{uid}/rental': row(work, [401, 404, 200, 200]),
  'POST /api/rentals/{uid}/contact': row(work, [401, 404, 404, 404]),
  // market (docs/market.md): a purchase needs a balance (none here but the seller's own listing); admins review
  'GET /api/market/listings/{id}': row(listing(), [200, 200, 200, 200]),
  'POST /api/market/listings/{id}/purchase': row(listing(), [401, 409, 409, 409], { body: { method: 'balance' } }),
  'POST /api/admin/market/listings/{id}/approve': row(listing(false), [401, 403, 403, 200]),
  'POST /api/admin/market/listings/{id}/reject': row(listing(false), [401, 403, 403, 200], WITH_REASON),
  'POST /api/admin/market/listings/{id}/takeOff': row(listing(), [401, 403, 403, 200], WITH_REASON),
  'POST /api/admin/market/purchases/{id}/refund': row(marketPurchase, [401, 403, 403, 200], WITH_REASON),
  // mobile pay (docs/mobile-pay.md): anyone signed in buys another's listing (an empty balance: a payment order); never their own
  'POST /api/c/mobilePay/market/{listingId}': row(async (world) => ({ listingId: (await listing()(world)).id! }), [401, 200, 409, 200], {
    body: { provider: 'sandbox', flow: 'h5' },
  }),
  'GET /api/model/{uid}/share': row(work, [401, 404, 409, 409]),
  'POST /api/audit/models/{uid}/claim': row(work, [401, 403, 403, 409]),
  'POST /api/audit/models/{uid}/decision': row(work, [401, 403, 403, 409], { body: { passed: true } }),
  'GET /api/model/{id}/origin/uploadCredentials': row(work, [401, 404, 200, 200]),
  'GET /api/model/{id}/uploadCredentials': row(work, [401, 404, 200, 200]),
  'GET /api/model/{id}/origin/SLR/uploadCredentials': row(work, [401, 404, 200, 200]),
  'GET /api/model/{id}/coverVideo/uploadCredentials': row(work, [401, 404, 200, 200]),
  'GET /api/model/{id}/music/uploadCredentials': row(work, [401, 404, 200, 200]),
  'DELETE /api/model/{uid}/assets/{assetId}': row(workWithCover, [401, 404, 200, 200]),
  // transfers: the owner is the sender
  'POST /api/model/{uid}/distribute': row(work, [401, 404, 200, 200], { body: ({ receiver }) => ({ phoneNumber: receiver.phone }) }),
  'POST /api/model/{uid}/sellTo': row(work, [401, 404, 200, 200], {
    body: ({ receiver }) => ({ phoneOrCode: receiver.phone, sellingPrice: '1.00' }),
  }),
  // A transfer is between its two parties: an admin is no party to it.
  'GET /api/transfers/{id}/work': row(sentTransfer, [401, 404, 200, 404]),
  'POST /api/transfers/{id}/confirm': row(sentTransfer, [401, 404, 403, 404]),
  'GET /api/transfers/{id}/payment': row(sentTransfer, [401, 404, 403, 404]),
  'POST /api/transfers/{id}/reject': row(sentTransfer, [401, 404, 403, 404]),
  'POST /api/transfers/{id}/withdraw': row(sentTransfer, [401, 404, 200, 404]),
  // processing, tours, traffic, offline packages, point clouds
  'POST /api/model/{id}/activateSolver': row(workWithOrigin, [401, 404, 200, 200]),
  'GET /api/model/{id}/processing': row(work, [401, 404, 200, 200]),
  'POST /api/model/{id}/reset': row(work, [401, 404, 200, 200]),
  'POST /api/model/{id}/verify': row(work, [401, 404, 200, 200]),
  'GET /api/model/{id}/tour': row(work, [404, 404, 409, 409]),
  // Narrated guides: permission 962 first (the owner here has none; an admin holds every permission), then the
  // guide's owner: an admin is not, and gets 404 (the audio row: 400 first, for the missing file part).
  'GET /api/model/{id}/narration': row(work, [404, 404, 200, 200]),
  'GET /api/narrations/{id}': row(narration, [401, 403, 403, 404]),
  'PUT /api/narrations/{id}': row(narration, [401, 403, 403, 404], { body: { title: 't', language: 'zh', autoAdvance: true } }),
  'DELETE /api/narrations/{id}': row(narration, [401, 403, 403, 404]),
  'PUT /api/narrations/{id}/scenes/{sceneId}/text': row(narration, [401, 403, 403, 404], { body: { text: 't' } }),
  'PUT /api/narrations/{id}/scenes/{sceneId}/audio': row(narration, [401, 403, 403, 400]),
  'DELETE /api/narrations/{id}/scenes/{sceneId}/audio': row(narration, [401, 403, 403, 404]),
  'POST /api/narrations/{id}/publish': row(narration, [401, 403, 403, 404]),
  'POST /api/narrations/{id}/unpublish': row(narration, [401, 403, 403, 404]),
  'PUT /api/model/{id}/tour': row(work, [401, 400, 400, 400], { body: { revision: 0 } }),
  'POST /api/model/{id}/offlinePackage/ticket': row(work, [401, 404, 409, 409]),
  // A forged ticket: the signed-in are judged by who they are, the anonymous have nothing to show.
  'GET /api/model/{id}/offlinePackage': row(work, [401, 404, 409, 409], { query: 'ticket=forged-ticket-value' }),
  'GET /api/model/{id}/traffic': row(work, [401, 404, 200, 200]),
  'GET /api/model/{id}/scene': row(work, [404, 404, 409, 409]),
  'PUT /api/model/{id}/measurements': row(pointCloud, [401, 404, 409, 409], { body: { revision: 0, measurements: [] } }),
  'POST /api/model/{id}/pointCloud/las/ticket': row(pointCloud, [401, 404, 409, 409]),
  'GET /api/model/{id}/pointCloud/las': row(pointCloud, [401, 404, 409, 409], { query: 'ticket=forged-ticket-value' }),
  // payments (docs/payments.md): a payer's order is theirs alone
  'GET /api/c/flowRechargeOrder/{id}/nativeUnifiedOrderQuery': row(ownerRechargeOrder, [401, 404, 200, 404]),
  // An admin's refund needs an Idempotency-Key, which the matrix does not send: the admin passes the rule and meets 400.
  'POST /api/admin/rechargeOrders/{id}/refunds': row(ownerRechargeOrder, [401, 403, 403, 400], {
    body: { amountFen: 100, reason: 'matrix' },
  }),
  // the wallet (docs/billing.md): one's own, which admins may read but never spend
  'GET /api/client/{id}/balance/stat': row(ownerUser, [401, 404, 200, 200]),
  'GET /api/client/{id}/lease': row(ownerUser, [401, 404, 200, 200]),
  // The owner's balance is empty: refused for that, after every rule has passed.
  'POST /api/client/{id}/purchaseTimeBalance': row(ownerUser, [401, 404, 409, 404], { body: { months: 1 } }),
  // withdrawals (docs/withdrawals.md): a person's withdrawal is theirs alone; admins decide through the back office
  'GET /api/c/withdraw/records/{id}': row((world) => withdrawalOf(world, world.owner), [401, 404, 200, 404]),
  'POST /api/admin/withdrawals/{id}/approve': row(ofAnotherPerson(withdrawalOf), [401, 403, 403, 200]),
  'POST /api/admin/withdrawals/{id}/reject': row(ofAnotherPerson(withdrawalOf), [401, 403, 403, 200], WITH_REASON),
  // payouts that end: a withdrawal under review cannot be ended as failed (409); only its owner may confirm it in WeChat
  'POST /api/admin/withdrawals/{id}/fail': row(ofAnotherPerson(withdrawalOf), [401, 403, 403, 409], WITH_REASON),
  'GET /api/c/withdraw/records/{id}/confirmation': row((world) => withdrawalOf(world, world.owner), [401, 404, 409, 404]),
  // service orders (docs/service-orders.md): an order is its customer's; providers and admins act through their own rules
  'GET /api/c/serviceOrder/{id}': row(serviceOrder, [401, 404, 200, 200]),
  'POST /api/c/serviceOrder/{id}/pay': row(serviceOrder, [401, 404, 409, 404], { body: { part: 'whole', method: 'balance' } }),
  'POST /api/c/serviceOrder/{id}/cancel': row(serviceOrder, [401, 404, 200, 404], { body: {} }),
  'POST /api/c/serviceOrder/{id}/confirm': row(serviceOrder, [401, 404, 409, 404]),
  'POST /api/c/serviceOrder/{id}/accept': row(serviceOrder, [401, 403, 403, 403]),
  'POST /api/c/serviceOrder/{id}/shot': row(serviceOrder, [401, 403, 403, 404]),
  'GET /api/c/serviceOrder/{id}/deliverableWorks': row(serviceOrder, [401, 403, 403, 404]),
  'POST /api/c/serviceOrder/{id}/deliver': row(serviceOrder, [401, 403, 403, 404], { body: { workUids: ['x'] } }),
  'GET /api/admin/serviceOrder/{id}': row(serviceOrder, [401, 403, 403, 200]),
  'POST /api/admin/serviceOrder/{id}/assign': row(serviceOrder, [401, 403, 403, 409], { body: { providerUid: 'nobody' } }),
  'POST /api/admin/serviceOrder/{id}/cancel': row(serviceOrder, [401, 403, 403, 200], WITH_REASON),
  'PUT /api/admin/serviceOrder/coupons/{id}': row(serviceCoupon, [401, 403, 403, 200], { body: { enabled: false } }),
  // signing: admins decide on applications and revoke providers
  'POST /api/admin/signing/applications/{id}/approve': row((world) => signingApplication(world), [401, 403, 403, 200]),
  'POST /api/admin/signing/applications/{id}/reject': row((world) => signingApplication(world), [401, 403, 403, 200], WITH_REASON),
  'POST /api/admin/signing/providers/{uid}/revoke': row(signedProvider, [401, 403, 403, 200], WITH_REASON),
  // membership (docs/membership.md)
  'GET /api/membership/versions/{id}': row(async () => ({ id: '1' }), [200, 200, 200, 200]),
  'PUT /api/admin/membership/versions/{id}': row(membershipVersion, [401, 403, 403, 200], { body: versionInput }),
  'DELETE /api/admin/membership/versions/{id}': row(membershipVersion, [401, 403, 403, 200]),
  'POST /api/c/membership/applications/{id}/withdraw': row((world) => membershipApplication(world, world.owner), [401, 404, 200, 404]),
  'POST /api/admin/membership/applications/{id}/approve': row((world) => membershipApplication(world), [401, 403, 403, 200]),
  'POST /api/admin/membership/applications/{id}/reject': row((world) => membershipApplication(world), [401, 403, 403, 200], WITH_REASON),
  'POST /api/admin/memberships/{userUid}/revoke': row(activeMember, [401, 403, 403, 200], WITH_REASON),
  // identity authentication (docs/identity.md): the owner's card, the owner's record
  'GET /api/authIdentity/{id}/detail': row(async () => ({ id: '2' }), [200, 200, 200, 200]),
  'GET /api/authIdentity/{ids}/details': row(async () => ({ ids: '2,16' }), [200, 200, 200, 200]),
  'POST /api/c/applyIdentity/{id}': row(identityToApply, [401, 400, 200, 400], {
    body: () => ({ jsonExtras: JSON.stringify({ businessCardUrl: ownerCard, realName: 'Matrix' }) }),
  }),
  'DELETE /api/c/authRecord/{id}': row((world) => identityRecord(world, world.owner), [401, 404, 200, 404]),
  'POST /api/admin/identity/applications/{id}/approve': row(ofAnotherPerson(identityRecord), [401, 403, 403, 200]),
  'POST /api/admin/identity/applications/{id}/reject': row(ofAnotherPerson(identityRecord), [401, 403, 403, 200], WITH_REASON),
  // articles (docs/articles.md): anyone reads a published one; only admins write them
  'GET /api/open/articles/{id}': row(article(true), [200, 200, 200, 200]),
  'GET /api/admin/articles/{id}': row(article(), [401, 403, 403, 200]),
  'PUT /api/admin/articles/{id}': row(article(), [401, 403, 403, 200], ARTICLE_DRAFT),
  'DELETE /api/admin/articles/{id}': row(article(), [401, 403, 403, 200]),
  'POST /api/admin/articles/{id}/publish': row(article(), [401, 403, 403, 200]),
  'POST /api/admin/articles/{id}/schedule': row(article(), [401, 403, 403, 200], { body: { publishAt: 4_102_444_800_000 } }),
  'POST /api/admin/articles/{id}/unpublish': row(article(true), [401, 403, 403, 200]),
  // brand pages (docs/brand-pages.md): permission 42; a showcase, landing page or lead is its owner's alone, admins included
  'GET /api/c/showcases/{id}': row((world) => brandShowcase(world, false), [401, 404, 200, 404]),
  'PUT /api/c/showcases/{id}': row((world) => brandShowcase(world, false), [401, 404, 200, 404], { body: SHOWCASE_BODY }),
  'PUT /api/c/showcases/{id}/published': row((world) => brandShowcase(world, false), [401, 404, 200, 404], { body: { published: true } }),
  'DELETE /api/c/showcases/{id}': row((world) => brandShowcase(world, false), [401, 404, 200, 404]),
  'GET /api/c/landingPages/{id}': row(brandLanding, [401, 404, 200, 404]),
  // The body names no work of the owner's: refused (400) only once the page is found to be the caller's.
  'PUT /api/c/landingPages/{id}': row(brandLanding, [401, 404, 400, 404], { body: { ...LANDING_BODY, targetId: 'none' } }),
  'PUT /api/c/landingPages/{id}/published': row(brandLanding, [401, 404, 200, 404], { body: { published: false } }),
  'DELETE /api/c/landingPages/{id}': row(brandLanding, [401, 404, 200, 404]),
  'PUT /api/c/leads/{id}/handled': row(brandLead, [401, 404, 200, 404], { body: { handled: true } }),
  // spaces (docs/spaces.md): another person's space does not exist for them, admins included
  'PUT /api/c/space/{uid}': row(ownSpace, [401, 404, 200, 404], { body: { name: 'Matrix 2' } }),
  'PUT /api/c/space/{uid}/template': row(ownSpace, [401, 404, 200, 404], { body: { templateCode: 'list' } }),
  'PUT /api/c/space/{uid}/works': row(ownSpace, [401, 404, 200, 404], { body: { workUids: [] } }),
  'POST /api/c/space/{uid}/works': row(ownSpace, [401, 404, 200, 404], { body: () => ({ workUid: spaceWorkUid }) }),
  'DELETE /api/c/space/{uid}': row(ownSpace, [401, 404, 200, 404]),
  'GET /api/open/showcases/{id}': row((world) => brandShowcase(world, true), [200, 200, 200, 200]),
  'GET /api/open/landingPages/{id}': row(brandLanding, [200, 200, 200, 200]),
  'POST /api/open/landingPages/{id}/leads': row(brandLanding, [200, 200, 200, 200], { body: { name: 'Matrix' } }),
};

/** Path parameters that name something a caller may or may not own. */
const NAMING_PARAMETER = /\{(id|uid|ids|[a-zA-Z]*(Id|Uid))\}/;

let world: World;
let operations: string[];

beforeAll(async () => {
  const testApp = await createTestApp();
  const [owner, other, admin, receiver] = [
    await person(testApp.app, { name: 'Owner' }),
    await person(testApp.app, { name: 'Other' }),
    await person(testApp.app, { name: 'Admin', roles: [Role.admin] }),
    await person(testApp.app, { name: 'Receiver' }),
  ];
  world = { testApp, owner, other, admin, receiver };
  const document = json<{ paths: Record<string, Record<string, unknown>> }>(
    await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' }),
  );
  operations = Object.entries(document.paths)
    .filter(([path]) => NAMING_PARAMETER.test(path))
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
});
afterAll(() => world.testApp.close());

async function call(operation: string, caller: Caller, params: Record<string, string>, entry: Omit<Row, 'fixture' | 'expected'>) {
  const [method, template] = operation.split(' ') as [string, string];
  const path = template.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(params[name] ?? `unknown-${name}`));
  const url = entry.query ? `${path}?${entry.query}` : path;
  const token = caller === 'anonymous' ? undefined : world[caller].token;
  const response = await world.testApp.app.inject({
    method: method as 'GET',
    url,
    headers: token ? authHeaders(token) : {},
    ...(entry.body ? { payload: typeof entry.body === 'function' ? entry.body(world) : entry.body } : {}),
  });
  return response.statusCode;
}

describe('authorization matrix', () => {
  it('has a row for every endpoint that takes an id or a uid in its path', async () => {
    const missing = operations.filter((operation) => !(operation in MATRIX));
    const suggestions: string[] = [];
    for (const operation of missing) {
      // What the endpoint answers to a default fixture (a work of the owner's): a start for its row, never a verdict.
      const observed: number[] = [];
      for (const caller of CALLERS) observed.push(await call(operation, caller, await work(world), {}).catch(() => 0));
      suggestions.push(`'${operation}': row(work, [${observed.join(', ')}]),  // observed with a work fixture: check`);
    }
    expect(suggestions.join('\n'), 'endpoints without a row in MATRIX (authorization-matrix.api.test.ts)').toBe('');
  });

  it('has no row for an endpoint that no longer exists', () => {
    expect(Object.keys(MATRIX).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  it('answers each caller as its row expects', async () => {
    const wrong: string[] = [];
    for (const [operation, entry] of Object.entries(MATRIX)) {
      if (!operations.includes(operation)) continue;
      const observed: number[] = [];
      for (const caller of CALLERS) observed.push(await call(operation, caller, await entry.fixture(world), entry));
      if (observed.some((status, index) => status !== entry.expected[index])) {
        wrong.push(`${operation}: expected [${entry.expected.join(', ')}], answered [${observed.join(', ')}]`);
      }
    }
    expect(wrong.join('\n')).toBe('');
  }, 300_000);
});
