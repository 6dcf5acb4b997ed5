import { ErrorCode, type WorkDetail } from '@spatia/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../test/test-app.js';
import { completeWork, createWork, person, samplePng, uploadGrant, type Person } from '../test/works-fixtures.js';

/**
 * The malformed requests of issue 12 (items 8 and 9), each answered with a 4xx and the usual localized
 * envelope instead of a 500. The fuzz test (fuzz.api.test.ts) covers the class; these pin the cases
 * that were reported.
 */
let testApp: TestApp;
let owner: Person;

beforeAll(async () => {
  testApp = await createTestApp();
  // A route that hands the database a value no input rule stopped: the database layer's own refusal.
  testApp.app.get('/test/database-echo', async (request) => {
    const { text } = request.query as { text: string };
    await testApp.app.services.database.db.execute(sql`select ${text}::text as echoed`);
    return { code: 0, msg: 'ok', data: null };
  });
  owner = await person(testApp.app, { name: 'Owner' });
});
afterAll(() => testApp.close());

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });

function expectEnvelope(response: LightMyRequestResponse, status: number, code: number, message?: RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  const body = json(response);
  expect(body.code).toBe(code);
  if (message) expect(body.msg).toMatch(message);
}

describe('numbers in parameters are finite and bounded', () => {
  it.each(['Infinity', '-Infinity', '1e309', '-1e309'])('refuses pageNum=%s as a validation error naming it', async (value) => {
    expectEnvelope(
      await get(`/api/showcase?pageNum=${value}`, { 'accept-language': 'en' }),
      400,
      ErrorCode.validation,
      /^Parameter pageNum must be a number$/,
    );
  });

  it('refuses a whole number beyond the integer range of its column, and says so in the caller language', async () => {
    expectEnvelope(await get('/api/showcase?pageNum=1e300'), 400, ErrorCode.validation, /pageNum 不能大于 2147483647/);
    expectEnvelope(await owner.call('GET', '/api/transfers/3000000000/work'), 400, ErrorCode.validation, /id/);
    expect((await get('/api/showcase?pageNum=2&pageSize=5')).statusCode).toBe(200);
  });
});

describe('NUL bytes', () => {
  it('in a path parameter: a validation error, not a database failure', async () => {
    expectEnvelope(
      await get('/api/model/a%00b', { 'accept-language': 'en' }),
      400,
      ErrorCode.validation,
      /^Parameter uid must not contain the NUL character/,
    );
    expectEnvelope(await owner.call('GET', `/api/client/${owner.uid}%00/info`), 400, ErrorCode.validation, /uid/);
  });

  it('in a JSON body, a form body, a query string and a nested free-form value', async () => {
    expectEnvelope(
      await owner.call('POST', '/api/model', { name: 'a\u0000b', type: 'panorama' }),
      400,
      ErrorCode.validation,
      /name.*空字符/,
    );
    const work = await createWork(owner);
    expectEnvelope(await owner.call('PATCH', `/api/model/${work.uid}/attr`, 'address=x%00y'), 400, ErrorCode.validation, /address/);
    expectEnvelope(await owner.call('PATCH', `/api/model/${work.uid}/attr?description=%00`), 400, ErrorCode.validation, /description/);
    expectEnvelope(
      await owner.call('POST', '/api/model', { name: 'ok', type: 'panorama', extra: { deep: ['\u0000'] } }),
      400,
      ErrorCode.validation,
      /extra\.deep\.0/,
    );
    expectEnvelope(await owner.call('POST', '/api/model', { name: 'ok', type: 'panorama', ['\u0000']: 1 }), 400, ErrorCode.validation);
    expect(json<{ data: WorkDetail }>(await owner.call('GET', `/api/model/${work.uid}`)).data.address).toBe('');
  });

  it('that reach the database some other way are refused there as a bad request, on PGlite and PostgreSQL alike', async () => {
    expectEnvelope(await get('/test/database-echo?text=a%00b', { 'accept-language': 'en' }), 400, ErrorCode.badRequest, /^Bad request$/);
    expect((await get('/test/database-echo?text=ab')).statusCode).toBe(200);
  });
});

describe('requests Fastify itself refuses', () => {
  it('answers broken percent-encoding, an over-long path parameter, bad JSON, a wrong content type and a large body with the envelope', async () => {
    expectEnvelope(await get('/api/model/%E0%A4%A'), 400, ErrorCode.badRequest, /请求有误/);
    expectEnvelope(await get(`/api/model/${'a'.repeat(1000)}`, { 'accept-language': 'en' }), 414, ErrorCode.badRequest, /^Bad request$/);
    const send = (contentType: string, payload: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/model',
        headers: { 'x-auth-token': owner.token, 'content-type': contentType },
        payload,
      });
    expectEnvelope(await send('application/json', '{"name":'), 400, ErrorCode.badRequest);
    expectEnvelope(await send('text/csv', 'name,type'), 415, ErrorCode.badRequest);
    expectEnvelope(await send('application/json', `{"name":"${'a'.repeat(1024 * 1024)}"}`), 413, ErrorCode.payloadTooLarge);
  });

  it('takes a language cookie with broken percent-encoding as no cookie', async () => {
    expectEnvelope(
      await get('/api/model/nope', { cookie: 'language=%E0%A4%A', 'accept-language': 'en' }),
      404,
      ErrorCode.notFound,
      /^Not found|not exist/i,
    );
  });

  it('survives a JSON body nested 200,000 levels deep', async () => {
    const response = await owner.call(
      'POST',
      '/api/model',
      `{"name":"deep","type":"panorama","extra":${'['.repeat(200_000)}${']'.repeat(200_000)}}`,
    );
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('/files keys that cannot name a file', () => {
  it('are 404 with the envelope: empty parts, over 1,024 characters, NUL, a file used as a folder', async () => {
    expectEnvelope(await get('/files/tus/'), 404, ErrorCode.notFound);
    expectEnvelope(await get(`/files/derived/${'a'.repeat(5000)}`), 404, ErrorCode.notFound);
    expectEnvelope(await get(`/files/covers/${'a'.repeat(300)}.webp`), 404, ErrorCode.notFound);
    expectEnvelope(await get('/files/covers/a%00.webp'), 404, ErrorCode.notFound);
    const work = await completeWork(testApp.app, owner);
    const coverUrl = json<{ data: WorkDetail }>(await owner.call('GET', `/api/model/${work.uid}`)).data.coverUrl;
    expect((await get(coverUrl)).statusCode).toBe(200);
    expectEnvelope(await get(`${coverUrl}/inside`), 404, ErrorCode.notFound);
  });
});

describe('a tus upload whose file name holds a NUL', () => {
  it('is kept, with the name cleaned, instead of failing and being lost', async () => {
    const work = await createWork(owner);
    const { grant } = await uploadGrant(owner, work.uid, 'cover');
    const bytes = await samplePng();
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/tus',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': `grant ${base64(grant)},filename ${base64('客厅\u0000\u202e.png\r\n')}`,
        'content-type': 'application/offset+octet-stream',
      },
      payload: bytes,
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    const detail = json<{ data: WorkDetail }>(await owner.call('GET', `/api/model/${work.uid}`)).data;
    expect(detail.assets.map((asset) => [asset.kind, asset.fileName, asset.size])).toEqual([['cover', '客厅.png', bytes.length]]);
  });
});

describe('work attributes (PATCH /api/model/{uid}/attr)', () => {
  it('refuses non-finite and out-of-range numbers, in a form, the query string or JSON, and the work stays readable', async () => {
    const work = await createWork(owner);
    const attr = (payload?: string | Record<string, unknown>, query = '') =>
      owner.call('PATCH', `/api/model/${work.uid}/attr${query}`, payload);
    for (const form of [
      'latitude=Infinity',
      'latitude=-Infinity',
      'latitude=1e309',
      'longitude=NaN',
      'latitude=90.5',
      'longitude=-180.01',
      'startTime=1e300',
      'endTime=Infinity',
      'shopId=9007199254740993',
    ]) {
      expectEnvelope(await attr(form), 400, ErrorCode.validation, new RegExp(form.split('=')[0]!));
    }
    expectEnvelope(await attr(undefined, '?latitude=Infinity'), 400, ErrorCode.validation, /latitude/);
    expectEnvelope(await attr({ startTime: Date.UTC(10_000, 0, 1) }), 400, ErrorCode.validation, /startTime/);
    const readable = await owner.call('GET', `/api/model/${work.uid}`);
    expect(readable.statusCode).toBe(200);
    expect(json<{ data: WorkDetail }>(readable).data).toMatchObject({
      latitude: null,
      longitude: null,
      startTime: null,
      endTime: null,
      shopId: null,
    });

    const saved = await attr('latitude=-90&longitude=180&startTime=0&endTime=253402300799999');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<{ data: WorkDetail }>(saved).data).toMatchObject({ latitude: -90, longitude: 180, startTime: 0, endTime: 253402300799999 });
  });

  it('a non-finite coordinate already stored reads as unset instead of failing every reader', async () => {
    const work = await createWork(owner);
    await testApp.app.services.database.db.execute(sql`update works set latitude = 'Infinity', longitude = 'NaN' where uid = ${work.uid}`);
    const response = await get(`/api/model/${work.uid}`, { 'x-auth-token': owner.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ data: WorkDetail }>(response).data).toMatchObject({ latitude: null, longitude: null });
  });
});
