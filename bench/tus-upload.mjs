// Resumable upload throughput: a 1 GiB 3D-model origin sent through tus (POST, then PATCHes of 64 MiB over
// loopback) to the built server (`apps/server/dist/server.js`, as `npm start` runs it), against writing the
// same bytes to the same disk with a plain fs write stream, in the same run, alternating the order between
// rounds. Both sides end with the bytes on disk: the server fdatasyncs a finished upload before it answers,
// so the baseline fdatasyncs too. A page-cache-only baseline (no sync) is printed beside it for context.
// The figure reported is the median of the per-round ratios. The upload goes the way the web app's does:
// a user (created with the admin command) signs in, creates a work, asks for origin upload credentials
// (one grant per upload), and the server's clock-stop is the answer to the last PATCH, after sniffing,
// hashing, syncing, moving the file to its content-addressed key and attaching it to the work.
import { randomBytes } from 'node:crypto';
import { createWriteStream, fdatasync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { format, median, runCli, startServer } from './lib.mjs';

const MIB = 1024 * 1024;
const SIZE = 1024 * MIB;
const CHUNK = 64 * MIB;
const TARGET = 0.6;
const agent = new Agent({ keepAlive: true });

export async function run({ rounds = 4 } = {}) {
  const dataDir = mkdtempSync(path.join(process.env.BENCH_DIR ?? os.tmpdir(), 'spatia-bench-tus-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  const phone = `136${String(Date.now()).slice(-8)}`;
  const password = 'Bench#2026pass';
  runCli(['create-user', '--phone', phone, '--password', password, '--roles', 'customer'], env);
  const server = await startServer('apps/server/dist/server.js', env, '/api/health');
  // One 64 MiB block, sent 16 times; its head is a GLB signature and a round number, so that each
  // round's file has its own hash and is really stored (identical bytes would skip the write).
  const block = randomBytes(CHUNK);
  block.write('glTF', 0, 'latin1');
  const firstBlock = (round) => {
    const first = Buffer.from(block);
    first.writeUInt32LE(round + 1, 8);
    return first;
  };
  try {
    const owner = await signIn(server.baseUrl, phone, password);
    const work = await owner.call('POST', '/api/model', JSON.stringify({ name: 'bench model', type: 'model3d', description: '' }));
    const grant = async () => (await owner.call('GET', `/api/model/${work.uid}/origin/uploadCredentials`)).grant;
    await upload(server.baseUrl, await grant(), firstBlock(-1)); // warm-up
    const memoryAtStart = resetPeakMemory(server.pid);
    const samples = { tus: [], synced: [], cached: [], tusCpu: [], syncedCpu: [] };
    const ratios = [];
    for (let round = 0; round < rounds; round += 1) {
      const first = firstBlock(round);
      const measureTus = async () => {
        const cpuBefore = cpuSeconds(server.pid);
        samples.tus.push(await upload(server.baseUrl, await grant(), first));
        samples.tusCpu.push(cpuSeconds(server.pid) - cpuBefore);
      };
      const measureDisk = async () => {
        const cpuBefore = process.cpuUsage();
        samples.synced.push(await writeDirectly(path.join(dataDir, 'baseline.bin'), first, true));
        const { user, system } = process.cpuUsage(cpuBefore);
        samples.syncedCpu.push((user + system) / 1e6);
        samples.cached.push(await writeDirectly(path.join(dataDir, 'baseline.bin'), first, false));
      };
      if (round % 2 === 0) {
        await measureDisk();
        await measureTus();
      } else {
        await measureTus();
        await measureDisk();
      }
      rmSync(path.join(dataDir, 'storage', 'assets'), { recursive: true, force: true });
      ratios.push(samples.tus.at(-1) / samples.synced.at(-1));
    }
    const ratio = median(ratios);
    const pass = ratio >= TARGET;
    const mbps = (values) => `${format(median(values), 0)} MiB/s [rounds: ${values.map((value) => format(value, 0)).join(' ')}]`;
    console.log(`tus-upload (1 GiB in ${CHUNK / MIB} MiB PATCHes over loopback, ${rounds} rounds, median of per-round ratios)`);
    console.log(`  fs write stream + fdatasync    ${mbps(samples.synced)}`);
    console.log(`  tus upload, stored and synced  ${mbps(samples.tus)}`);
    console.log(
      `  ratio ${format(ratio)}x [rounds: ${ratios.map((r) => format(r)).join(' ')}]  (target >= ${TARGET}x: ${pass ? 'met' : 'MISSED'})`,
    );
    console.log(
      `  for context: fs write stream without sync (page cache only) ${mbps(samples.cached)}, tus ÷ that ${format(median(samples.tus) / median(samples.cached))}x`,
    );
    console.log(
      `  CPU per GiB: server ${format(median(samples.tusCpu))} s (receive, hash, store), direct writer ${format(median(samples.syncedCpu))} s` +
        `  (the figure a shared, busy machine disturbs least)`,
    );
    console.log(
      `  server resident memory: ${format(memoryAtStart, 0)} MiB before the rounds, at most ${format(memoryOf(server.pid, 'VmHWM'), 0)} MiB during them` +
        ' (uploads stream; the embedded database is most of it)',
    );
    return pass;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Creates an upload and sends it in PATCHes; MiB/s from the creation to the answer of the last one. */
async function upload(baseUrl, grant, first) {
  const tus = { 'tus-resumable': '1.0.0', 'upload-grant': grant };
  const started = process.hrtime.bigint();
  const created = await send(`${baseUrl}/api/tus`, 'POST', {
    ...tus,
    'upload-length': String(SIZE),
    'upload-metadata': `grant ${Buffer.from(grant).toString('base64')}`,
  });
  if (created.status !== 201) throw new Error(`creation failed: ${created.status} ${created.body}`);
  for (let offset = 0; offset < SIZE; offset += CHUNK) {
    const headers = { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' };
    const answer = await send(`${baseUrl}${created.headers.location}`, 'PATCH', headers, offset === 0 ? first : blockOf(first));
    if (answer.status !== 204) throw new Error(`PATCH at ${offset} answered ${answer.status} ${answer.body}`);
  }
  return SIZE / MIB / (Number(process.hrtime.bigint() - started) / 1e9);
}

/** A signed-in user calling the JSON API; answers the `data` of the envelope. */
async function signIn(baseUrl, phone, password) {
  const login = await send(
    `${baseUrl}/api/client/login`,
    'POST',
    { 'content-type': 'application/json' },
    Buffer.from(JSON.stringify({ phoneNumber: phone, password })),
  );
  const token = login.headers['x-auth-token'];
  if (login.status !== 200 || !token) throw new Error(`sign-in failed: ${login.status} ${login.body}`);
  return {
    call: async (method, url, body) => {
      const headers = { 'auth-token': token, 'x-auth-token': token, ...(body ? { 'content-type': 'application/json' } : {}) };
      const answer = await send(`${baseUrl}${url}`, method, headers, body ? Buffer.from(body) : undefined);
      if (answer.status !== 200) throw new Error(`${method} ${url} answered ${answer.status} ${answer.body}`);
      return JSON.parse(answer.body).data;
    },
  };
}

/**
 * One request with Node's http client (keep-alive agent). undici's fetch moves a 64 MiB body several
 * times slower here, which would measure the client rather than the server.
 */
function send(url, method, headers, body) {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      { method, agent, headers: body ? { ...headers, 'content-length': String(body.length) } : headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The 64 MiB block the other PATCHes carry: the first one after its 12-byte head. */
const blocks = new WeakMap();
function blockOf(first) {
  if (!blocks.has(first)) {
    const rest = Buffer.from(first);
    rest.writeUInt32LE(0, 8);
    rest.write('rest', 0, 'latin1');
    blocks.set(first, rest);
  }
  return blocks.get(first);
}

/** The same bytes through an fs write stream; with `sync`, fdatasync before the clock stops. */
async function writeDirectly(file, first, sync) {
  const started = process.hrtime.bigint();
  const stream = createWriteStream(file);
  await once(stream, 'open');
  for (let offset = 0; offset < SIZE; offset += CHUNK) {
    if (!stream.write(offset === 0 ? first : blockOf(first))) await once(stream, 'drain');
  }
  if (sync) await new Promise((resolve, reject) => fdatasync(stream.fd, (error) => (error ? reject(error) : resolve())));
  stream.end();
  await once(stream, 'close');
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  rmSync(file);
  return SIZE / MIB / seconds;
}

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User plus system CPU seconds a process has used, from /proc (Linux). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

/** VmRSS (resident now) or VmHWM (the most since the last reset) of a process, in MiB (Linux). */
function memoryOf(pid, field) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${field}:`));
  return Number(line?.split(/\s+/)[1] ?? 0) / 1024;
}

/** Starts counting the peak anew (clear_refs 5, Linux 4.0+); answers the resident memory now. */
function resetPeakMemory(pid) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return memoryOf(pid, 'VmRSS');
}
