import { ErrorCode, Role, type Page, type SensitiveWordEntry, AuthErrors, UploadErrors } from '@spatia/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions } from '../admin-log/admin-log.tables.js';
import { multipartFile } from '../../test/multipart.js';
import { authHeaders, createTestApp, createUser, json, signIn, type TestApp } from '../../test/test-app.js';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One file part, `file` unless told. */
function multipartBody(bytes: Buffer, { field = 'file', fileName = 'words.txt', type = 'text/plain' } = {}) {
  return multipartFile(field, fileName, type, bytes);
}

async function logOf(app: FastifyInstance, action: string) {
  return app.services.database.db.select().from(adminActions).where(eq(adminActions.action, action));
}

describe('the back office of sensitive words', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let admin: Record<string, string>;
  let adminId: number;
  let customer: Record<string, string>;

  beforeAll(async () => {
    testApp = await createTestApp();
    app = testApp.app;
    const adminUser = await createUser(app, { roles: [Role.admin] });
    adminId = adminUser.id;
    // English messages, so the expectations read them.
    admin = { ...authHeaders(await signIn(app, adminUser)), 'accept-language': 'en' };
    customer = authHeaders(await signIn(app, await createUser(app)));
  });
  afterAll(() => testApp.close());

  const list = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/admin/sensitiveWords?${query}`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return json<Envelope<Page<SensitiveWordEntry>>>(response).data;
  };
  const add = (words: unknown, headers = admin) =>
    app.inject({ method: 'POST', url: '/api/admin/sensitiveWords', headers, payload: { words } });
  const remove = (words: unknown, headers = admin) =>
    app.inject({ method: 'DELETE', url: '/api/admin/sensitiveWords', headers, payload: { words } });
  const importFile = (bytes: Buffer, options?: Parameters<typeof multipartBody>[1], headers = admin) => {
    const body = multipartBody(bytes, options);
    return app.inject({
      method: 'POST',
      url: '/api/admin/sensitiveWords/import',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const expectInvalid = (response: Awaited<ReturnType<typeof add>>, message: RegExp) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(json(response)).toMatchObject({ code: ErrorCode.validation, msg: expect.stringMatching(message) });
  };

  it('asks anonymous callers to sign in and refuses signed-in users without the admin role', async () => {
    const calls: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object; headers?: Record<string, string> }[] = [
      { method: 'GET', url: '/api/admin/sensitiveWords' },
      { method: 'POST', url: '/api/admin/sensitiveWords', payload: { words: ['x'] } },
      { method: 'DELETE', url: '/api/admin/sensitiveWords', payload: { words: ['x'] } },
      { method: 'POST', url: '/api/admin/sensitiveWords/import', ...multipartBody(Buffer.from('x')) },
    ];
    for (const call of calls) {
      const anonymous = await app.inject(call);
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(json(anonymous).code).toBe(ErrorCode.unauthenticated);
      const forbidden = await app.inject({ ...call, headers: { ...call.headers, ...customer } });
      expect(forbidden.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(json(forbidden).code).toBe(AuthErrors.missingRole.code);
    }
  });

  it('lists a page with the total and creation times, searches any part of a word in any case', async () => {
    const first = await list('pageNum=1&pageSize=5');
    expect(first.list).toHaveLength(5);
    expect(first.total).toBeGreaterThan(30);
    expect(first).toMatchObject({ pageNum: 1, pageSize: 5 });
    expect(first.list[0]!.createdAt).toBeGreaterThan(Date.UTC(2020, 0, 1));
    const found = await list('q=CASI');
    expect(found.list.map((entry) => entry.word)).toEqual(['casino']);
    expect(found.total).toBe(1);
    expect((await list(`q=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list(`q=${encodeURIComponent('赌')}`)).list.map((entry) => entry.word)).toEqual(expect.arrayContaining(['赌博', '赌场']));
  });

  it('refuses a page size over 100 and a search over 50 characters', async () => {
    expectInvalid(await app.inject({ method: 'GET', url: '/api/admin/sensitiveWords?pageSize=101', headers: admin }), /pageSize/);
    expectInvalid(await app.inject({ method: 'GET', url: `/api/admin/sensitiveWords?q=${'a'.repeat(51)}`, headers: admin }), /q/);
  });

  it('adds trimmed words, skips listed ones in any disguise and repeats, logs the change, and the check refuses them at once', async () => {
    await expect(app.services.sensitiveWords.assertClean('name', 'Roulette night')).resolves.toBeUndefined();
    const response = await add(['  Roulette  ', 'ＲＯＵＬＥＴＴＥ', 'CA SINO', 'black-jack', 'blackjack']);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Envelope<unknown>>(response).data).toEqual({
      added: ['Roulette', 'black-jack'],
      skipped: ['ＲＯＵＬＥＴＴＥ', 'CA SINO', 'blackjack'],
    });

    await expect(app.services.sensitiveWords.assertClean('name', 'roulette night')).rejects.toMatchObject({ problem: 'sensitiveWords' });
    const words = json<Envelope<string[]>>(await app.inject({ method: 'GET', url: '/api/sensitiveWordArray' })).data;
    expect(words).toEqual(expect.arrayContaining(['Roulette', 'black-jack']));
    expect((await list('pageSize=2')).list.map((entry) => entry.word).sort()).toEqual(['Roulette', 'black-jack']);

    const [entry, ...others] = await logOf(app, 'sensitiveWord.add');
    expect(others).toHaveLength(0);
    expect(entry).toMatchObject({
      adminUserId: adminId,
      targetType: 'sensitiveWord',
      targetId: 'Roulette, black-jack',
      before: null,
      after: { words: ['Roulette', 'black-jack'] },
    });

    // Nothing new: nothing changes and nothing is logged.
    const again = await add(['roulette']);
    expect(json<Envelope<unknown>>(again).data).toEqual({ added: [], skipped: ['roulette'] });
    expect(await logOf(app, 'sensitiveWord.add')).toHaveLength(1);
  });

  it('refuses an empty list, more than 1000 words, and words empty, over 50 characters or only punctuation, naming the index', async () => {
    expectInvalid(await add([]), /words.*at least 1/);
    expectInvalid(await add(Array.from({ length: 1001 }, (_, index) => `word${index}`)), /words.*at most 1000/);
    expectInvalid(await add(['fine', '   ']), /words\[1\].*required/);
    expectInvalid(await add(['x'.repeat(51)]), /words\[0\].*at most 50/);
    expectInvalid(await add(['fine', 'ok', '-_-!']), /words\[2\].*punctuation/);
    expectInvalid(await add([{ word: 'casino' }]), /words\.0/);
    const missing = await app.inject({ method: 'POST', url: '/api/admin/sensitiveWords', headers: admin, payload: {} });
    expectInvalid(missing, /words.*required/);
    // Exactly the limits pass: 50 characters (CJK counted as one each), 1000 words.
    const fifty = '敏'.repeat(50);
    expect((await add([fifty])).statusCode).toBe(200);
    expect((await add(Array.from({ length: 1000 }, (_, index) => `bulk word ${index}`))).statusCode).toBe(200);
  });

  it('removes words written the same way or in a disguise, reports missing ones, logs the change, and the check lets them through at once', async () => {
    await add(['lottery fraud', 'Pyramid Scheme']);
    await expect(app.services.sensitiveWords.assertClean('description', 'a pyramid scheme')).rejects.toThrow();
    const response = await remove(['lottery fraud', 'PYRAMID-SCHEME', 'never listed']);
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Envelope<unknown>>(response).data).toEqual({ removed: ['lottery fraud', 'Pyramid Scheme'], missing: ['never listed'] });
    await expect(app.services.sensitiveWords.assertClean('description', 'a pyramid scheme')).resolves.toBeUndefined();
    const [entry] = await logOf(app, 'sensitiveWord.remove');
    expect(entry).toMatchObject({ adminUserId: adminId, before: { words: ['lottery fraud', 'Pyramid Scheme'] }, after: null });

    expect(json<Envelope<unknown>>(await remove(['never listed'])).data).toEqual({ removed: [], missing: ['never listed'] });
    expect(await logOf(app, 'sensitiveWord.remove')).toHaveLength(1);
    expectInvalid(await remove([]), /words.*at least 1/);
    expectInvalid(await remove(Array.from({ length: 1001 }, () => 'x')), /words.*at most 1000/);
  });

  it('imports a text or CSV file: BOM, lines and cells; counts added and skipped, lists refused lines', async () => {
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        ['赌球', '', 'fake diploma, 假文凭 ,casino', '"smuggling, goods",赌球', 'y'.repeat(51), '***', 'ＦＡＫＥ ＤＩＰＬＯＭＡ'].join(
          '\r\n',
        ),
      ),
    ]);
    const response = await importFile(file, { fileName: 'words.csv', type: 'text/csv' });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<Envelope<unknown>>(response).data).toEqual({
      added: 4,
      skipped: 3,
      invalid: [
        { line: 5, text: 'y'.repeat(51), reason: 'tooLong' },
        { line: 6, text: '***', reason: 'noCharacters' },
      ],
      invalidTotal: 2,
    });
    await expect(app.services.sensitiveWords.assertClean('name', 'Smuggling goods tour')).rejects.toThrow();
    const [entry] = await logOf(app, 'sensitiveWord.import');
    expect(entry).toMatchObject({
      adminUserId: adminId,
      targetId: 'words.csv',
      after: { fileName: 'words.csv', words: ['赌球', 'fake diploma', '假文凭', 'smuggling, goods'], skipped: 3, invalid: 2 },
    });
  });

  it('refuses an import that is not UTF-8 text, has no file part, is over 1 MiB or over 20,000 words', async () => {
    expectInvalid(await importFile(Buffer.from([0xb6, 0xc4, 0xb2, 0xa9])), /file.*UTF-8/);
    expectInvalid(await importFile(Buffer.from('word'), { field: 'upload' }), /file.*required/);
    expectInvalid(
      await app.inject({ method: 'POST', url: '/api/admin/sensitiveWords/import', headers: admin, payload: { file: 'x' } }),
      /file/,
    );
    const tooLarge = await importFile(Buffer.alloc(1024 * 1024 + 1, 'a'));
    expect(tooLarge.statusCode).toBe(413);
    expect(json(tooLarge)).toMatchObject({ code: UploadErrors.uploadTooLarge.code, msg: expect.stringContaining('1 MiB') });
    const many = Buffer.from(Array.from({ length: 20_001 }, (_, index) => `w${index}`).join('\n'));
    expectInvalid(await importFile(many), /file.*20000/);
    expect(await logOf(app, 'sensitiveWord.import')).toHaveLength(1);
  });

  it('serves the public list with no-store, so browsers fetch changes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/sensitiveWordArray' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
