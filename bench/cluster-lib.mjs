// What the cluster benches (cluster-throughput.mjs, cluster-soak.mjs) share: the cluster of `npm run cluster`
// (started when none runs and stopped afterwards; one that already ran is used and left running), accounts made
// with the admin command on its database, the API called as the web app calls it, tus uploads, processed tours,
// and what each process of the topology costs (CPU seconds and memory, from /proc and the metrics endpoints).
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { root } from './lib.mjs';

const clusterScript = path.join(root, 'scripts/cluster.mjs');
const stateFile = path.join(path.resolve(process.env.CLUSTER_DIR ?? path.join(root, '.cluster')), 'state.json');

/** Why a cluster bench does not run here, or undefined when it can: like the other PostgreSQL benches, it is opt-in. */
export function clusterBenchSkipReason() {
  if (!process.env.DATABASE_URL) return 'set DATABASE_URL to a PostgreSQL server: the cluster creates its scratch database there';
  return undefined;
}

/**
 * The running cluster: `npm run cluster` on the server of DATABASE_URL (and REDIS_URL's Redis when set, else the
 * machine's), unless one already runs. `release()` stops it only when this call started it.
 */
export function useCluster() {
  const runningBefore = readClusterState()?.complete === true;
  const env = {
    ...process.env,
    CLUSTER_DATABASE_URL: process.env.CLUSTER_DATABASE_URL ?? process.env.DATABASE_URL,
    ...(process.env.CLUSTER_REDIS_URL || process.env.REDIS_URL
      ? { CLUSTER_REDIS_URL: process.env.CLUSTER_REDIS_URL ?? process.env.REDIS_URL }
      : {}),
  };
  const started = spawnSync(process.execPath, [clusterScript], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (started.status !== 0) throw new Error('npm run cluster failed (its progress is above)');
  const state = readClusterState();
  if (state.withoutRedis) throw new Error('the running cluster has no Redis (--without-redis): stop it first');
  if (!state.apiMetrics) throw new Error('the running cluster predates apiMetrics in its state.json: npm run cluster -- stop, then again');
  return {
    state,
    startedHere: !runningBefore,
    release: () => {
      if (!runningBefore) spawnSync(process.execPath, [clusterScript, 'stop'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    },
  };
}

function readClusterState() {
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The pid of a process the cluster started (api-1, worker-2, nginx…). */
export function pidOf(state, name) {
  const entry = state.processes.find((candidate) => candidate.name === name);
  if (!entry) throw new Error(`the cluster has no process ${name}`);
  return entry.pid;
}

// --- accounts and the API -----------------------------------------------------------------------------

/**
 * A photographer with the works menus, made by the admin command on the cluster's database (as cluster/support.ts
 * does). Asynchronous on purpose: an event loop blocked for the command's seconds would miss nginx closing an idle
 * keep-alive connection and send the next request into it ("socket hang up").
 */
export async function createAccount(state) {
  const phone = `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  const password = `Bench#${randomBytes(4).toString('hex')}`;
  await promisify(execFile)(
    process.execPath,
    [
      path.join(root, 'apps/server/dist/cli/admin.js'),
      'create-user',
      '--phone',
      phone,
      '--password',
      password,
      '--roles',
      'photographer',
      '--menus',
      '161,162,35,37,163',
    ],
    { cwd: os.tmpdir(), env: { PATH: process.env.PATH ?? '', DATABASE_URL: state.database.url, LOG_LEVEL: 'warn' } },
  );
  return { phone, password };
}

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One request with Node's http client (a keep-alive agent): undici's fetch moves large bodies several times
 * slower here, which would measure the client. Answers status, headers and the body as a Buffer.
 */
export function send(url, method, headers = {}, body = undefined) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method, agent, headers: body ? { ...headers, 'content-length': String(body.length) } : headers },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', (error) => reject(new Error(`${method} ${url}: ${error.message}`, { cause: error })));
    request.end(body);
  });
}

/** The JSON envelope of an answer, or undefined when it is not one. */
export function envelopeOf(answer) {
  try {
    const parsed = JSON.parse(answer.body.toString('utf8'));
    return parsed && typeof parsed === 'object' && 'code' in parsed ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Signs in as the web app does (POST /api/client/login); answers the uid and `call(method, path, json?)`, which answers `data`. */
export async function signIn(base, account) {
  const login = await send(
    `${base}/api/client/login`,
    'POST',
    { 'content-type': 'application/json' },
    Buffer.from(JSON.stringify({ phoneNumber: account.phone, password: account.password })),
  );
  const token = login.headers['x-auth-token'];
  const envelope = envelopeOf(login);
  if (login.status !== 200 || !token || envelope?.code !== 0) throw new Error(`sign-in: ${login.status} ${login.body}`);
  const headers = { 'auth-token': token, 'x-auth-token': token };
  return {
    uid: envelope.data.uid,
    headers,
    call: async (method, urlPath, json) => {
      const answer = await send(
        `${base}${urlPath}`,
        method,
        { ...headers, ...(json ? { 'content-type': 'application/json' } : {}) },
        json ? Buffer.from(JSON.stringify(json)) : undefined,
      );
      const body = envelopeOf(answer);
      if (answer.status !== 200 || body?.code !== 0)
        throw new Error(`${method} ${urlPath}: ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`);
      return body.data;
    },
  };
}

/**
 * A tus upload as the web app sends one: POST, then PATCHes of `chunkSize`, each to `baseOf(index)` (index 0 the
 * POST). Answers the last PATCH's answer (it comes once the file is stored and attached).
 */
export async function tusUpload(
  baseOf,
  grant,
  bytes,
  { chunkSize = 8 * 1024 * 1024, filename = 'upload.bin', sendChunk = undefined } = {},
) {
  const tus = { 'tus-resumable': '1.0.0', 'upload-grant': grant };
  const base64 = (text) => Buffer.from(text).toString('base64');
  const created = await send(`${baseOf(0)}/api/tus`, 'POST', {
    ...tus,
    'upload-length': String(bytes.length),
    'upload-metadata': `grant ${base64(grant)},filename ${base64(filename)}`,
  });
  if (created.status !== 201) throw new Error(`tus creation: ${created.status} ${created.body.toString('utf8').slice(0, 300)}`);
  let last;
  for (let offset = 0, index = 1; offset < bytes.length; offset += chunkSize, index += 1) {
    const chunk = sendChunk ? sendChunk(offset) : bytes.subarray(offset, offset + chunkSize);
    last = await send(
      `${baseOf(index)}${created.headers.location}`,
      'PATCH',
      { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      chunk,
    );
    if (last.status !== 204 && last.status !== 200)
      throw new Error(`tus PATCH at ${offset}: ${last.status} ${last.body.toString('utf8').slice(0, 300)}`);
  }
  return last;
}

/** A panorama work of `owner`'s with `jpeg` as its origin and `cover`, queued for processing; answers its uid. */
export async function queueTour(base, owner, { name, jpeg, cover, chunkSize }) {
  const work = await owner.call('POST', '/api/model', { name, type: 'panorama', description: `${name}: bench tour` });
  const coverGrant = await owner.call('GET', `/api/model/${work.uid}/uploadCredentials`);
  await tusUpload(() => base, coverGrant.grant, cover, { filename: 'cover.jpg', chunkSize });
  const originGrant = await owner.call('GET', `/api/model/${work.uid}/origin/uploadCredentials`);
  await tusUpload(() => base, originGrant.grant, jpeg, { filename: `${name}.jpg`, chunkSize });
  await owner.call('POST', `/api/model/${work.uid}/activateSolver`);
  return work.uid;
}

/** Waits for a work's processing to end; answers its final state ('done' or 'failed'), or 'timeout'. */
export async function processingOutcome(owner, uid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { state } = await owner.call('GET', `/api/model/${uid}/processing`);
    if (state === 'done' || state === 'failed') return state;
    if (Date.now() > deadline) return 'timeout';
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

// --- what processes cost ------------------------------------------------------------------------------

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** Fields of /proc/PID/stat after the command's closing parenthesis (state first), or undefined once it is gone. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** User plus system CPU seconds of a process (0 once it is gone). */
export function cpuSecondsOf(pid) {
  const fields = statFields(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS : 0;
}

/** A process and its children (nginx: the master and its worker). */
export function withChildren(pid) {
  const pids = [pid];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (statFields(entry)?.[1] === String(pid)) pids.push(Number(entry));
  }
  return pids;
}

/** The PostgreSQL backends serving a database, found by the title PostgreSQL gives them ("postgres: … user database host …"). */
export function postgresBackendsOf(database) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** The machine's Redis server (shared with everything else on this machine), if one runs here. */
export function redisServerPid() {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'redis-server') return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

/**
 * CPU seconds of groups of processes over a stretch of time: `start()` then `stop()` answers the seconds each group
 * used. `groups` maps a name to a function answering its pids now (asked again at the end, so that PostgreSQL
 * backends opened meanwhile count from zero; one that exits meanwhile is missed).
 */
export function cpuMeter(groups) {
  const snapshot = () => {
    const taken = {};
    for (const [name, pidsOf] of Object.entries(groups)) taken[name] = new Map(pidsOf().map((pid) => [pid, cpuSecondsOf(pid)]));
    return taken;
  };
  let before;
  let selfBefore;
  return {
    start() {
      before = snapshot();
      selfBefore = process.cpuUsage();
    },
    stop() {
      const after = snapshot();
      const self = process.cpuUsage(selfBefore);
      const used = { client: (self.user + self.system) / 1e6 };
      for (const [name, now] of Object.entries(after)) {
        used[name] = [...now].reduce((sum, [pid, seconds]) => sum + Math.max(0, seconds - (before[name].get(pid) ?? 0)), 0);
      }
      return used;
    },
  };
}

/** Resident memory of a process (VmRSS) in bytes; 0 once it is gone. */
export function residentBytesOf(pid) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return Number(line?.split(/\s+/)[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** The values of the named series (without labels) of a Prometheus text answer. */
export async function scrapeMetrics(url, names) {
  const answer = await send(url, 'GET');
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status}`);
  const values = {};
  for (const line of answer.body.toString('utf8').split('\n')) {
    const [name, value] = line.split(' ');
    if (names.includes(name)) values[name] = Number(value);
  }
  return values;
}
