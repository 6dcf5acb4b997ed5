import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { expect } from 'vitest';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const clusterDir = path.resolve(process.env.CLUSTER_DIR ?? path.join(root, '.cluster'));

/** One process the cluster started: its pid with its start time (clock ticks after boot, from /proc). */
export interface ClusterProcess {
  name: string;
  pid: number;
  startTime: string;
  spec?: { env: Record<string, string>; readyUrl?: string };
}

/** What `npm run cluster` wrote about the running topology (scripts/cluster.mjs). */
export interface ClusterState {
  withoutRedis: boolean;
  addresses: { LB: string; API_1: string; API_2: string; METRICS: string };
  database: { url: string };
  /** Each worker's metrics address. */
  workerMetrics: string[];
  processes: ClusterProcess[];
  objectStore: { endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  /** With `--own-postgres`: the private PostgreSQL that `npm run cluster -- down|up postgres` stops and starts. */
  ownPostgres?: { port: number };
}

/** The state as it is now (a part started again has a new pid): read afresh at each call. */
export function clusterState(): ClusterState {
  const file = path.join(clusterDir, 'state.json');
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

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A work of the signed-in person's, made as the console makes it. */
export async function createWork(base: string, token: string, type: 'panorama' | 'model3d', name: string): Promise<string> {
  const work = await call<{ uid: string }>(base, '/api/model', {
    method: 'POST',
    headers: { ...authHeaders(token), 'content-type': 'application/json' },
    body: JSON.stringify({ name, type }),
  });
  expect(work.status, work.body?.msg).toBe(200);
  return work.body!.data!.uid;
}

/** A grant to upload a work's origin at /api/tus, as the web app gets it. */
export async function originGrant(base: string, token: string, uid: string): Promise<string> {
  const grant = await call<{ grant: string }>(base, `/api/model/${uid}/origin/uploadCredentials`, { headers: authHeaders(token) });
  expect(grant.status).toBe(200);
  return grant.body!.data!.grant;
}

/** Creates a tus upload at `base`; answers its path (`/api/tus/…`). */
export async function createUpload(base: string, grant: string, size: number, fileName = 'cluster.zip'): Promise<string> {
  const base64 = (text: string) => Buffer.from(text).toString('base64');
  const created = await fetch(`${base}/api/tus`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `grant ${base64(grant)},filename ${base64(fileName)}`,
    },
  });
  expect(created.status, await created.text()).toBe(201);
  return new URL(created.headers.get('location')!, base).pathname;
}

export function patchHeaders(grant: string, offset: number): Record<string, string> {
  return {
    'tus-resumable': '1.0.0',
    'upload-grant': grant,
    'upload-offset': String(offset),
    'content-type': 'application/offset+octet-stream',
  };
}

/** The upload's offset as `base` reports it (tus HEAD). */
export async function offsetAt(base: string, location: string, grant: string): Promise<number> {
  const head = await fetch(`${base}${location}`, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', 'upload-grant': grant } });
  expect(head.status).toBe(200);
  return Number(head.headers.get('upload-offset'));
}

/** One PATCH; with `pauseMs` the body stops halfway for that long, as a slow client's does, so the request holds the upload meanwhile. */
export async function patch(base: string, location: string, grant: string, offset: number, chunk: Buffer, pauseMs = 0) {
  const half = Math.floor(chunk.length / 2);
  const body =
    pauseMs === 0
      ? chunk
      : new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(chunk.subarray(0, half));
            await sleep(pauseMs);
            controller.enqueue(chunk.subarray(half));
            controller.close();
          },
        });
  const response = await fetch(`${base}${location}`, {
    method: 'PATCH',
    headers: { ...patchHeaders(grant, offset), 'content-length': String(chunk.length) },
    body,
    duplex: 'half',
  });
  const text = await response.text();
  return { status: response.status, offset: response.headers.get('upload-offset'), text };
}

/** Random bytes the server takes for a ZIP (it looks at the signature only). */
export function zipLike(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.write('PK\x03\x04', 0, 'latin1');
  return bytes;
}

/** The stored origin of a work, downloaded through `base` from the work's signed link. */
export async function storedOrigin(base: string, token: string, uid: string): Promise<Buffer> {
  const work = await call<{ assets: { kind: string; url: string }[] }>(base, `/api/model/${uid}`, { headers: authHeaders(token) });
  const origins = work.body!.data!.assets.filter((asset) => asset.kind === 'origin');
  expect(origins).toHaveLength(1);
  const download = await fetch(new URL(origins[0]!.url, base), { headers: authHeaders(token) });
  expect(download.status).toBe(200);
  return Buffer.from(await download.arrayBuffer());
}

/** A whole origin in one tus upload (create, one PATCH) through `base`. */
export async function uploadOrigin(base: string, token: string, uid: string, fileName: string, bytes: Buffer): Promise<void> {
  const grant = await originGrant(base, token, uid);
  const location = await createUpload(base, grant, bytes.length, fileName);
  const sent = await fetch(`${base}${location}`, { method: 'PATCH', headers: patchHeaders(grant, 0), body: bytes });
  expect(sent.status, await sent.text()).toBe(204);
}

/** A query on the cluster's database. */
export async function query<R extends pg.QueryResultRow>(state: ClusterState, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: state.database.url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The cluster's bucket, as the servers reach it. */
export function bucketOf(state: ClusterState) {
  const store = state.objectStore;
  const client = new S3Client({
    endpoint: store.endpoint,
    region: store.region,
    forcePathStyle: true,
    credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey },
  });
  return {
    /** Every object under `prefix`, with when it was last written. */
    async list(prefix: string): Promise<Map<string, number>> {
      const objects = new Map<string, number>();
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: store.bucket, Prefix: prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) objects.set(object.Key!, object.LastModified!.getTime());
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return objects;
    },
    /** Multipart uploads begun under `prefix` and neither completed nor aborted. */
    async unfinishedUploads(prefix: string): Promise<string[]> {
      const answer = await client.send(new ListMultipartUploadsCommand({ Bucket: store.bucket, Prefix: prefix }));
      return (answer.Uploads ?? []).map((upload) => upload.Key!);
    },
    close: () => client.destroy(),
  };
}

/** The state and start time of a process, from /proc/PID/stat; undefined when there is no such process. */
function processStat(pid: number): { state: string; startTime: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, startTime: fields[19]! };
  } catch {
    return undefined;
  }
}

/** Whether the cluster's process still runs (the same pid and start time, not a zombie). */
export function isRunning(entry: ClusterProcess): boolean {
  const stat = processStat(entry.pid);
  return stat !== undefined && stat.state !== 'Z' && stat.startTime === entry.startTime;
}

export function clusterProcess(name: string): ClusterProcess {
  const entry = clusterState().processes.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`the cluster has no process ${name}`);
  return entry;
}

/** `kill -9`: no shutdown, no cleanup, as a crash or the OOM killer ends a process. */
export function killHard(entry: ClusterProcess): void {
  if (!isRunning(entry)) throw new Error(`${entry.name} (pid ${entry.pid}) is not running`);
  process.kill(entry.pid, 'SIGKILL');
}

/** `npm run cluster -- ARGS` (up NAME, down NAME): returns once it is done. */
export function cluster(...args: string[]): void {
  execFileSync(process.execPath, [path.join(root, 'scripts/cluster.mjs'), ...args], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The same in the background (an API takes a while to start): resolves once it is done, rejects if it failed. */
export function clusterInBackground(...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts/cluster.mjs'), ...args], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run cluster -- ${args.join(' ')}: exit ${code}`))));
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Asks `read` again every `intervalMs` until `done` holds for its answer; fails past `timeoutMs`, showing the last answer. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, intervalMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not there after ${timeoutMs / 1000} s: ${JSON.stringify(value)}`);
    await sleep(intervalMs);
  }
}
