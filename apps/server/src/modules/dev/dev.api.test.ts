import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, json, type TestApp } from '../../test/test-app.js';

const OUTBOX = '/api/dev/sms-outbox';

describe('the SMS outbox of the console driver', () => {
  describe('on a default install (SMS_DEV_OUTBOX unset)', () => {
    let testApp: TestApp;
    const logged: string[] = [];

    beforeAll(async () => {
      const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (logged.push(chunk.toString()), done()) });
      testApp = await createTestApp({ SMS_DEV_OUTBOX: 'false' }, { logger: pino({ level: 'info' }, sink) });
    });
    afterAll(() => testApp.close());

    it('does not exist, so a reset code cannot be read by a stranger', async () => {
      const user = await createUser(testApp.app);
      const sent = await testApp.app.inject({ method: 'GET', url: `/api/client/forgetPwd/verifyCode?phoneNumber=${user.phone}` });
      expect(sent.statusCode).toBe(200);
      const outbox = await testApp.app.inject({ method: 'GET', url: `${OUTBOX}?phoneNumber=${user.phone}` });
      expect(outbox.statusCode).toBe(404);
      expect(outbox.body).not.toMatch(/\d{6}/);
      expect((await testApp.app.inject({ method: 'POST', url: '/api/dev/billing/2026-01-01' })).statusCode).toBe(404);
    });

    it('still writes the code to the server log, where the operator reads it', async () => {
      const phone = '13912340077';
      await testApp.app.inject({ method: 'GET', url: `/api/c/smsLogin/verifyCode?phoneNumber=${phone}` });
      expect(logged.join('')).toMatch(new RegExp(`\\[sms:console\\] to ${phone} \\(smsLogin\\): .*验证码 \\d{6}`));
    });
  });

  describe('with SMS_DEV_OUTBOX=true', () => {
    let testApp: TestApp;
    const phone = '13912340078';

    beforeAll(async () => {
      testApp = await createTestApp({ SMS_DEV_OUTBOX: 'true' });
      await testApp.app.inject({ method: 'GET', url: `/api/c/smsLogin/verifyCode?phoneNumber=${phone}` });
    });
    afterAll(() => testApp.close());

    it('answers a client on this machine', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: `${OUTBOX}?phoneNumber=${phone}` });
      expect(response.statusCode).toBe(200);
      expect(json<{ data: { code: string }[] }>(response).data[0]!.code).toMatch(/^\d{6}$/);
    });

    it('refuses any other address, in the caller’s language', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `${OUTBOX}?phoneNumber=${phone}`,
        remoteAddress: '203.0.113.9',
        cookies: { language: 'en' },
      });
      expect(response.statusCode).toBe(403);
      expect(json(response)).toEqual({ code: 403, msg: 'You are not allowed to do this' });
    });

    it('bills a day on request from this machine only, and once', async () => {
      const bill = (remoteAddress?: string) =>
        testApp.app.inject({ method: 'POST', url: '/api/dev/billing/2026-02-03', ...(remoteAddress ? { remoteAddress } : {}) });
      expect((await bill('203.0.113.9')).statusCode).toBe(403);
      const billed = await bill();
      expect(billed.statusCode).toBe(200);
      expect(json(billed)).toMatchObject({ code: 0, data: { bills: 0 } });
      expect((await testApp.app.inject({ method: 'POST', url: '/api/dev/billing/tomorrow' })).statusCode).toBe(400);
    });

    it('refuses a request a proxy on this machine forwarded', async () => {
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        const response = await testApp.app.inject({ method: 'GET', url: OUTBOX, headers: { [header]: '203.0.113.9' } });
        expect(response.statusCode, header).toBe(403);
      }
    });
  });
});
