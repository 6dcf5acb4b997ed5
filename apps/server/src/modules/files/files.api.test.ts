import { ErrorCode } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';

let testApp: TestApp;
const BYTES = Buffer.from('0123456789abcdefghij');

beforeAll(async () => {
  testApp = await createTestApp();
  const { storage } = testApp.app.services;
  await storage.put('derived/W1/r1/tile.jpg', BYTES, 'image/jpeg');
  await storage.put('assets/ab/private-original', BYTES, 'application/octet-stream');
  await storage.put('tus/partial-upload', BYTES, 'application/octet-stream');
});
afterAll(() => testApp.close());

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });

describe('GET /files/*', () => {
  it('serves what viewers show to anyone, typed by its name, cached for a year', async () => {
    const response = await get('/files/derived/W1/r1/tile.jpg');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(BYTES)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-length': String(BYTES.length),
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  });

  it('answers one byte range with 206, and the whole file for a range it cannot serve', async () => {
    const part = await get('/files/derived/W1/r1/tile.jpg', { range: 'bytes=2-5' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe(`bytes 2-5/${BYTES.length}`);
    expect(part.headers['content-length']).toBe('4');
    const tail = await get('/files/derived/W1/r1/tile.jpg', { range: 'bytes=-3' });
    expect(tail.statusCode).toBe(206);
    expect(tail.body).toBe('hij');
    const several = await get('/files/derived/W1/r1/tile.jpg', { range: 'bytes=0-1,4-5' });
    expect(several.statusCode).toBe(200);
    expect(several.body).toBe(BYTES.toString());
  });

  it('serves an upload no work shows publicly only through a signed link, privately cached', async () => {
    expect((await get('/files/assets/ab/private-original')).statusCode).toBe(404);
    const signed = await testApp.app.services.privateFiles.sign('assets/ab/private-original');
    const response = await get(signed);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(BYTES.toString());
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    const forged = await get(signed.replace(/signature=[^&]+/, 'signature=forged'));
    expect(forged.statusCode).toBe(403);
    expect(json(forged).code).toBe(ErrorCode.forbidden);
  });

  it('finds nothing outside the served folders, under a malformed key, or not stored', async () => {
    for (const url of [
      '/files/tus/partial-upload',
      '/files/derived/W1/r1/missing.jpg',
      '/files/derived//W1/tile.jpg',
      '/files/derived/W1/../../tus/partial-upload',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
    }
    // Even a signed link opens nothing outside the uploads.
    expect((await get(await testApp.app.services.privateFiles.sign('tus/partial-upload'))).statusCode).toBe(404);
  });
});
