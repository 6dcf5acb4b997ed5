import { Role, type WorkDetail, QrLoginErrors } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createTestApp, json, type TestApp } from '../test/test-app.js';
import { person, publishedWork, type Person } from '../test/works-fixtures.js';

/**
 * What an answer may show, beside the authorization matrix's statuses (authorization-matrix.api.test.ts):
 * - a party who no longer owns a work never reads what its new owner writes afterwards,
 * - an answer to someone who neither owns nor administers a work carries only what its public page shows,
 * - only the account that scanned a QR sign-in ticket answers it.
 * The first two call every GET operation of /api/openapi.json, so a new endpoint is held to them too.
 */

let testApp: TestApp;
let admin: Person;
/** Every GET operation's path template. */
let readPaths: string[];

beforeAll(async () => {
  testApp = await createTestApp();
  admin = await person(testApp.app, { name: 'Admin', roles: [Role.admin] });
  const document = json<{ paths: Record<string, Record<string, unknown>> }>(
    await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' }),
  );
  readPaths = Object.entries(document.paths)
    .filter(([, item]) => 'get' in item)
    .map(([path]) => path);
});
afterAll(() => testApp.close());

/** Each way `template` can name these things: every parameter filled with each of the values. */
function urlsFor(template: string, values: readonly string[]): string[] {
  if (!/\{\w+\}/.test(template)) return [template];
  return values.map((value) => template.replace(/\{\w+\}/g, encodeURIComponent(value)));
}

async function readEverything(caller: Person | undefined, values: readonly string[]): Promise<{ url: string; body: string }[]> {
  const answers = [];
  for (const template of readPaths) {
    for (const url of urlsFor(template, values)) {
      const response = await testApp.app.inject({ method: 'GET', url, headers: caller ? authHeaders(caller.token) : {} });
      if (response.statusCode === 200) answers.push({ url, body: response.body });
    }
  }
  return answers;
}

async function send(from: Person, to: Person, uid: string): Promise<string> {
  const sent = await from.call('POST', `/api/model/${uid}/distribute`, { phoneNumber: to.phone });
  expect(sent.statusCode).toBe(200);
  const id = String(json<{ data: { id: number } }>(sent).data.id);
  expect((await to.call('POST', `/api/transfers/${id}/confirm`)).statusCode).toBe(200);
  return id;
}

/** The new owner takes the work offline and writes what only they may read. */
async function writePrivately(owner: Person, uid: string, secret: string): Promise<void> {
  await owner.call('PUT', `/api/model/${uid}/onLined`, { onLined: false });
  const edited = await owner.call('PATCH', `/api/model/${uid}/attr`, { description: `${secret} description`, address: `${secret} road` });
  expect(edited.statusCode).toBe(200);
}

describe('a party who no longer owns a work', () => {
  it('reads what was sent, never what the new owner wrote afterwards', async () => {
    const [first, second, third] = [await person(testApp.app), await person(testApp.app), await person(testApp.app)];
    const work = await publishedWork(testApp.app, first, '转出的作品');
    const firstTransfer = await send(first, second, work.uid);
    await writePrivately(second, work.uid, 'second-owner-secret');
    const secondTransfer = await send(second, third, work.uid);
    await writePrivately(third, work.uid, 'third-owner-secret');

    const ids = [work.uid, first.uid, second.uid, firstTransfer, secondTransfer];
    const leaks = [
      ...(await readEverything(first, ids)).filter(({ body }) => /second-owner-secret|third-owner-secret/.test(body)),
      ...(await readEverything(second, ids)).filter(({ body }) => body.includes('third-owner-secret')),
    ];
    expect(leaks.map(({ url }) => url)).toEqual([]);

    // The sender still sees the work as it was when they sent it; the new owner sees it live.
    const sent = json<{ data: WorkDetail }>(await first.call('GET', `/api/transfers/${firstTransfer}/work`)).data;
    expect(sent).toMatchObject({ uid: work.uid, name: '转出的作品', description: work.description, address: work.address });
    const owned = json<{ data: WorkDetail }>(await third.call('GET', `/api/transfers/${secondTransfer}/work`)).data;
    expect(owned.description).toBe('third-owner-secret description');
  });
});

describe('answers to someone who neither owns nor administers a work', () => {
  const OWNER_ONLY_KEYS = ['reviewNote', 'budget', 'pendingTransfer'];

  /** Every key of a JSON answer with its value, at any depth. */
  function entriesOf(value: unknown): [string, unknown][] {
    if (Array.isArray(value)) return value.flatMap(entriesOf);
    if (value && typeof value === 'object') return Object.entries(value).flatMap((entry) => [entry, ...entriesOf(entry[1])]);
    return [];
  }

  it('carry only what the public work page shows: no review, budget or transfer', async () => {
    const owner = await person(testApp.app);
    const stranger = await person(testApp.app);
    const rejected = await publishedWork(testApp.app, owner, '被驳回的作品');
    expect((await owner.call('POST', `/api/model/${rejected.uid}/budget`, { budget: 7 })).statusCode).toBe(200);
    expect((await owner.call('POST', `/api/model/${rejected.uid}/audit`)).statusCode).toBe(200);
    expect((await admin.call('POST', `/api/audit/models/${rejected.uid}/claim`)).statusCode).toBe(200);
    const decided = await admin.call('POST', `/api/audit/models/${rejected.uid}/decision`, { passed: false, note: 'review-note-secret' });
    expect(decided.statusCode).toBe(200);
    const pending = await publishedWork(testApp.app, owner, '待接收的作品');
    expect((await owner.call('POST', `/api/model/${pending.uid}/distribute`, { phoneNumber: stranger.phone })).statusCode).toBe(200);

    const ids = [rejected.uid, pending.uid, owner.uid];
    for (const reader of [undefined, stranger]) {
      const answers = await readEverything(reader, ids);
      expect(answers.map(({ url }) => url)).toContain(`/api/model/${rejected.uid}`);
      const shown = answers.flatMap(({ url, body }) => {
        const entries = entriesOf(JSON.parse(body));
        const found = entries.flatMap(([key]) => (OWNER_ONLY_KEYS.includes(key) ? [key] : []));
        if (body.includes('review-note-secret') || entries.some(([key, value]) => key === 'status' && value === 'notPassed')) {
          found.push('the review');
        }
        return found.length > 0 ? [`${url}: ${found.join(', ')}`] : [];
      });
      expect(shown).toEqual([]);
    }

    const listed = await stranger.call('GET', `/api/fe/client/${owner.uid}/models?status=notPassed`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(json<{ data: { total: number } }>(listed).data.total).toBe(0);
    const asPublished = json<{ data: { list: { uid: string; status: string }[] } }>(
      await stranger.call('GET', `/api/fe/client/${owner.uid}/models?status=published`),
    ).data.list;
    expect(asPublished.find((work) => work.uid === rejected.uid)?.status).toBe('published');
  });

  it('still carry them for the owner and for admins', async () => {
    const owner = await person(testApp.app);
    const work = await publishedWork(testApp.app, owner, '自己的作品');
    for (const reader of [owner, admin]) {
      const detail = json<{ data: WorkDetail }>(await reader.call('GET', `/api/model/${work.uid}`)).data;
      expect(detail).toMatchObject({ budget: expect.any(Number), pendingTransfer: false, reviewNote: '' });
    }
  });
});

describe('a QR sign-in ticket', () => {
  async function scannedTicket(scanner: Person): Promise<{ ticket: string; pollToken: string }> {
    const created = json<{ data: { ticket: string; pollToken: string } }>(
      await testApp.app.inject({ method: 'GET', url: '/api/qrcode/login' }),
    );
    expect((await scanner.call('POST', '/api/qrcode/scan', { ticket: created.data.ticket })).statusCode).toBe(200);
    return created.data;
  }

  it('is answered only by the account that scanned it', async () => {
    const [scanner, bystander] = [await person(testApp.app), await person(testApp.app)];
    const unscanned = json<{ data: { ticket: string } }>(await testApp.app.inject({ method: 'GET', url: '/api/qrcode/login' })).data;
    const early = await bystander.call('POST', '/api/qrcode/confirm', { ticket: unscanned.ticket, accept: true });
    expect(json(early).code).toBe(QrLoginErrors.qrTicketNotScanned.code);

    for (const accept of [true, false]) {
      const { ticket, pollToken } = await scannedTicket(scanner);
      const hijack = await bystander.call('POST', '/api/qrcode/confirm', { ticket, accept });
      expect(hijack.statusCode).toBe(403);
      expect(json(hijack).code).toBe(QrLoginErrors.qrTicketScannedByOther.code);
      expect((await bystander.call('POST', '/api/qrcode/scan', { ticket })).statusCode).toBe(403);

      expect(json(await scanner.call('POST', '/api/qrcode/confirm', { ticket, accept })).data).toEqual({
        status: accept ? 'confirmed' : 'declined',
      });
      const polled = json<{ data: { status: string; login?: { userUid: string } } }>(
        await testApp.app.inject({ method: 'GET', url: `/api/qrcode/login?pollToken=${pollToken}` }),
      ).data;
      expect(polled.status).toBe(accept ? 'confirmed' : 'declined');
      if (accept) expect(polled.login?.userUid).toBe(scanner.uid);
    }
  });
});
