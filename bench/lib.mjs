import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export async function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a node script as a server and resolves once `healthPath` answers 200. */
export async function startServer(script, env, healthPath, { timeoutMs = 120_000 } = {}) {
  const port = await freePort();
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server (Node refuses that flag in NODE_OPTIONS).
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(baseUrl + healthPath)).ok) break;
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `${script} did not answer ${healthPath} within ${timeoutMs / 1000} s (a loaded machine? raise timeoutMs):\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    pid: child.pid,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Signs the bench user in with a password: their uid, and the headers that carry the session token. */
export async function signIn(baseUrl, phoneNumber, password) {
  const login = await fetch(`${baseUrl}/api/client/login`, { method: 'POST', body: new URLSearchParams({ phoneNumber, password }) });
  const token = login.headers.get('x-auth-token');
  const { data } = await login.json();
  return { uid: data.uid, headers: { 'auth-token': token, 'x-auth-token': token } };
}

/** `items` in the order a round takes them: as given on even rounds, reversed on odd ones, so that drift cancels out. */
export function roundOrder(round, items) {
  return round % 2 === 0 ? items : [...items].reverse();
}

/** Runs a bench script in a child process and answers the JSON of the last line it prints. */
export function runChildScript(script, args, what) {
  const result = spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${what} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

export function runCli(args, env) {
  const result = spawnSync(process.execPath, ['apps/server/dist/cli/admin.js', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`admin ${args[0]} failed: ${result.stderr}`);
}

/**
 * Requests per second and latency of one URL under load, and, when the serving process is given, its
 * requests per CPU-second: a figure that other load on a shared machine disturbs far less.
 */
export async function measure(url, { connections = 64, seconds = 8, headers = {}, pid, requests } = {}) {
  const cpuBefore = pid ? cpuSeconds(pid) : 0;
  // `requests`: autocannon's request list, for a measurement whose requests differ (each its own body).
  const result = await autocannon({ url, connections, duration: seconds, headers, pipelining: 1, ...(requests ? { requests } : {}) });
  const cpu = pid ? cpuSeconds(pid) - cpuBefore : 0;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    perCpuSecond: cpu > 0 ? result.requests.total / cpu : 0,
  };
}

/** User plus system CPU time a process has used, from /proc (Linux). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

export function format(value, digits = 2) {
  return Number(value).toFixed(digits);
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The bench server's database: a scratch PostgreSQL database when DATABASE_URL is set (its url put into `env`),
 * otherwise the embedded one. Answers the function that drops the scratch database (nothing to drop otherwise).
 */
export async function benchDatabase(env) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return async () => {};
  const { createScratchDatabase } = await import('../apps/server/dist/db/scratch-database.js');
  const scratch = await createScratchDatabase(databaseUrl, 'spatia_bench');
  env.DATABASE_URL = scratch.url;
  return scratch.drop;
}
