import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../test/test-app.js';

const lines: Record<string, unknown>[] = [];
let testApp: TestApp;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  testApp = await createTestApp({}, { logger: pino({ level: 'info' }, stream) });
  testApp.app.get('/api/test/broken', async () => {
    throw new Error('database exploded: password=hunter2');
  });
});
afterAll(() => testApp.close());

describe('logging', () => {
  it('logs an unexpected error with its stack and request id, and gives the client only the id', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/test/broken',
      headers: { 'x-request-id': 'req-abc' },
      cookies: { language: 'en' },
    });
    expect(response.statusCode).toBe(500);
    expect(json(response)).toEqual({ code: 500, msg: 'Something went wrong on our side (request id req-abc)' });
    expect(response.body).not.toContain('hunter2');
    const logged = lines.find((line) => line.msg === 'unhandled error');
    expect(logged).toMatchObject({ reqId: 'req-abc', level: 50, err: { message: 'database exploded: password=hunter2' } });
  });

  it('writes a line when a request arrives and when it is answered, at info', async () => {
    await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'req-health' } });
    const mine = lines.filter((line) => line.reqId === 'req-health');
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[1]).toMatchObject({ res: { statusCode: 200 }, responseTime: expect.any(Number) });
  });
});
