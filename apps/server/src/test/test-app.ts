import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AUTH_HEADER_X, Role, type RoleCode } from '@spatia/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../app.js';
import { loadConfig } from '../config/config.js';
import { createTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * The whole server on a fresh database, without a network port: requests go through `inject`. Jobs run
 * only when the test calls `app.services.jobs.drain()`, unless it asks for `{ jobs: 'background' }`.
 */
export async function createTestApp(env: Record<string, string> = {}, options: Omit<BuildOptions, 'database'> = {}): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'spatia-test-')),
    WEB_DIST_DIR: path.join(os.tmpdir(), 'spatia-no-web-app'),
    // Tests read the codes they were "sent" (dev.api.test.ts checks the outbox stays closed without it).
    ...(env.SMS_DRIVER && env.SMS_DRIVER !== 'console' ? {} : { SMS_DEV_OUTBOX: 'true' }),
    // Tests that name a PUBLIC_URL beyond this machine still pay through the sandbox (config.test.ts checks the opt-in).
    SANDBOX_MONEY: 'allow',
    ...env,
  });
  const app = await buildApp(config, { jobs: 'manual', ...options, database });
  return {
    app,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export interface TestUser {
  id: number;
  uid: string;
  phone: string;
  password: string;
}

let phoneSequence = 0;

/** A user factory: each call makes a new account with its own phone number. */
export async function createUser(
  app: FastifyInstance,
  options: { roles?: RoleCode[]; menus?: number[]; name?: string } = {},
): Promise<TestUser> {
  phoneSequence += 1;
  const phone = `139${String(process.pid % 10_000).padStart(4, '0')}${String(phoneSequence).padStart(4, '0')}`;
  const password = 'Secret#2026';
  const created = await app.services.users.createUser({
    phone,
    password,
    fullName: options.name ?? `User ${phoneSequence}`,
    roles: options.roles ?? [Role.customer],
    permissionIds: options.menus ?? [],
  });
  return { ...created, phone, password };
}

export async function signIn(app: FastifyInstance, user: Pick<TestUser, 'phone' | 'password'>): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/client/login',
    payload: { phoneNumber: user.phone, password: user.password },
  });
  const token = response.headers[AUTH_HEADER_X];
  if (response.statusCode !== 200 || typeof token !== 'string') {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  return token;
}

export function authHeaders(token: string): Record<string, string> {
  return { 'auth-token': token, 'x-auth-token': token };
}

export function json<T = { code: number; msg: string; data: unknown }>(response: LightMyRequestResponse): T {
  return response.json<T>();
}

/** The `data` of a successful envelope. */
export function dataOf<T>(response: LightMyRequestResponse): T {
  return json<{ data: T }>(response).data;
}
