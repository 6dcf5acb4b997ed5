import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { json } from './test-app.js';

/**
 * Asks for a code at `path` from this machine, as the web app does, and reads it from the dev outbox, as
 * a person reads their phone: what the matching sign-in, registration or reset call takes.
 */
export async function requestCode(app: FastifyInstance, path: string, phoneNumber: string) {
  const response = await app.inject({ method: 'GET', url: `${path}?phoneNumber=${phoneNumber}` });
  expect(response.statusCode, response.body).toBe(200);
  const { hash, expiredTime } = json<{ data: { hash: string; expiredTime: number } }>(response).data;
  const outbox = await app.inject({ method: 'GET', url: `/api/dev/sms-outbox?phoneNumber=${phoneNumber}` });
  return { hash, expiredTime, verifyCode: json<{ data: { code: string }[] }>(outbox).data[0]!.code };
}

/** Sets a new password through the forgotten-password code, as a person who lost theirs does. */
export async function resetPassword(app: FastifyInstance, phoneNumber: string, newPwd: string) {
  const code = await requestCode(app, '/api/client/forgetPwd/verifyCode', phoneNumber);
  return app.inject({ method: 'POST', url: '/api/client/renewPwd', payload: { phoneNumber, newPwd, ...code } });
}
