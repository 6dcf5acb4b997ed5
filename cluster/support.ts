import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** What `npm run cluster` wrote about the running topology (scripts/cluster.mjs). */
export interface ClusterState {
  withoutRedis: boolean;
  addresses: { LB: string; API_1: string; API_2: string; METRICS: string };
  database: { url: string };
  /** Each worker's metrics address. */
  workerMetrics: string[];
}

export function clusterState(): ClusterState {
  const file = path.join(path.resolve(process.env.CLUSTER_DIR ?? path.join(root, '.cluster')), 'state.json');
  let state: (ClusterState & { complete?: boolean }) | undefined;
  try {
    state = JSON.parse(readFileSync(file, 'utf8')) as ClusterState & { complete?: boolean };
  } catch {
    // below
  }
  if (!state?.complete) throw new Error(`no running cluster (${file}): start one with npm run cluster, or run npm run test:cluster`);
  return state;
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  body: { code: number; msg: string; data?: T } | undefined;
}

/** One request, its JSON envelope read (when there is one). */
export async function call<T = unknown>(base: string, urlPath: string, init: RequestInit = {}): Promise<Answer<T>> {
  const response = await fetch(new URL(urlPath, base), init);
  const text = await response.text();
  let body: Answer<T>['body'];
  try {
    body = text ? (JSON.parse(text) as Answer<T>['body']) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body };
}

export function authHeaders(token: string): Record<string, string> {
  return { 'auth-token': token, 'x-auth-token': token };
}

/** The permission ids `createAccount` grants on top of the photographer role's defaults. */
export const ACCOUNT_GRANTS = [161, 162, 35, 37, 163] as const;

/** A new account with the menus works need, made by the admin command on the cluster's database (as scripts/e2e.mjs seeds its accounts). */
export function createAccount(state: ClusterState): { phone: string; password: string } {
  return adminCommand(state, ['create-user', '--roles', 'photographer', '--menus', ACCOUNT_GRANTS.join(',')]);
}

/** A new administrator, made by the admin command (`create`). */
export function createAdmin(state: ClusterState): { phone: string; password: string } {
  return adminCommand(state, ['create']);
}

function adminCommand(state: ClusterState, args: string[]): { phone: string; password: string } {
  const phone = `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const password = `Cluster#${randomBytes(4).toString('hex')}`;
  execFileSync(
    process.execPath,
    [path.join(root, 'apps/server/dist/cli/admin.js'), args[0]!, '--phone', phone, '--password', password, ...args.slice(1)],
    { cwd: os.tmpdir(), env: { PATH: process.env.PATH ?? '', DATABASE_URL: state.database.url, LOG_LEVEL: 'warn' }, stdio: 'pipe' },
  );
  return { phone, password };
}

/** POST /api/client/login as the web app does; the session token comes back in `x-auth-token`. */
export async function signIn(
  base: string,
  account: { phone: string; password: string },
  headers: Record<string, string> = {},
): Promise<string> {
  return (await session(base, account, headers)).token;
}

/** A sign-in's token and the account's uid. */
export async function session(
  base: string,
  account: { phone: string; password: string },
  headers: Record<string, string> = {},
): Promise<{ token: string; uid: string }> {
  const answer = await call<{ uid: string }>(base, '/api/client/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ phoneNumber: account.phone, password: account.password }),
  });
  const token = answer.headers.get('x-auth-token');
  const uid = answer.body?.data?.uid;
  if (answer.status !== 200 || !token || !uid) throw new Error(`sign-in at ${base}: ${answer.status} ${answer.body?.msg ?? ''}`);
  return { token, uid };
}

/** A JSON request with a session's headers. */
export function send<T = unknown>(base: string, urlPath: string, token: string, method: string, body?: unknown): Promise<Answer<T>> {
  return call<T>(base, urlPath, {
    method,
    headers: { ...authHeaders(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * One connection to the cluster's database for the length of `action`: what the tests read there (pg-boss's
 * tables, postings) and the parts they play themselves (the sandbox provider's books).
 */
export async function withDatabase<T>(state: ClusterState, action: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: state.database.url });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

/** A client address of its own (as nginx forwards it), so that per-address limits of other runs do not count. */
export function clientAddress(): string {
  return `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}
