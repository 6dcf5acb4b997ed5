// Issue 31, "Beyond one machine": what the second API process behind nginx gives, on the cluster of
// `npm run cluster` (scripts/cluster.mjs: nginx, two APIs, two workers, PostgreSQL, Redis, radosgw), measured
// against ONE API process of the same build, database and Redis in the same run. The baseline is a second nginx,
// started here with the cluster's own configuration but only API_1 in its upstream, so both sides pay the same
// proxy. Visitors' reads, anonymous, as a browser sends them (gzip accepted, zh first):
//   - works list: GET /api/open/person/{uid}/works?pageNum=1&pageSize=12, the list a person's page (/userWork/{uid})
//     calls, of a photographer with 24 online works;
//   - work page: GET /details/{uid} of a processed, online tour (the HTML with the link preview, the first view
//     and the crawler summary: browsers and crawlers get the same document, checked below);
//   - its API: GET /api/model/{uid} and GET /api/model/{uid}/tour, in turn, as the page then asks for them.
// Each round measures every read through both, back to back in alternating order; the figure is the median of the
// per-round ratios (two ÷ one). Target (the issue's): two processes serve no less than one (≥ 1.0x) on two cores.
// Beside it, the CPU each request costs per part (API processes, nginx, the database's PostgreSQL backends, the
// machine's Redis, which others share, and this load generator), from /proc: what more cores would give.
// Then uploads: a 32 MiB origin in 8 MiB tus PATCHes (the web app's chunk) through nginx, so that consecutive
// PATCHes land at different processes and the one that completes it reads the file back to hash it, against the
// same bytes written straight to the object store (an S3 multipart upload of the same 8 MiB parts from here), and
// the same tus upload sent to API_1 alone, in alternating order; medians of the per-round ratios, no target.
// Opt-in (not part of npm test): needs PostgreSQL (DATABASE_URL: the cluster's scratch database goes there) and
// the machine's Redis (REDIS_URL or CLUSTER_REDIS_URL, else redis://127.0.0.1:6379), nginx and, where it can run,
// Ceph. A cluster already running is used and left running; otherwise one is started and stopped.
//   node scripts/build.mjs && DATABASE_URL=postgres://… node bench/cluster-throughput.mjs [--seconds 5] [--rounds 4]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  clusterBenchSkipReason,
  cpuMeter,
  createAccount,
  envelopeOf,
  pidOf,
  postgresBackendsOf,
  processingOutcome,
  queueTour,
  redisServerPid,
  send,
  signIn,
  tusUpload,
  useCluster,
  withChildren,
} from './cluster-lib.mjs';
import { format, freePort, median, root, roundOrder } from './lib.mjs';

const TARGET_RATIO = 1;
const LIST_WORKS = 24;
const MIB = 1024 * 1024;
const UPLOAD_SIZE = 32 * MIB;
const UPLOAD_CHUNK = 8 * MIB;
const BROWSER = {
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
};
const API_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };
const CRAWLER = { ...BROWSER, 'user-agent': 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)' };

export async function run({ seconds = 5, connections = 32, rounds = 4 } = {}) {
  const skip = clusterBenchSkipReason();
  if (skip) {
    console.log(`cluster-throughput: skipped (${skip})`);
    return true;
  }
  const cluster = useCluster();
  let single;
  try {
    const { state } = cluster;
    const { LB, API_1 } = state.addresses;
    single = await startSingleUpstreamNginx(state);
    const targets = await seed(state, LB);
    const reads = await measureReads(state, { LB, ONE: single.baseUrl }, single.pid, targets, { seconds, connections, rounds });
    const uploads = await measureUploads(state, { LB, API_1 }, rounds);
    const ok = report(state, reads, uploads, { seconds, connections, rounds });
    return ok;
  } finally {
    await single?.stop();
    cluster.release();
  }
}

/** The works a visitor reads: a processed, online tour, and 24 online works of its owner (copies of it) for the list. */
async function seed(state, LB) {
  const { renderSyntheticPanorama } = await import('../apps/server/dist/media/panorama/index.js');
  const owner = await signIn(LB, await createAccount(state));
  const jpeg = await renderSyntheticPanorama({ width: 4096, height: 2048, label: 'Cluster 集群' });
  const cover = await renderSyntheticPanorama({ width: 512, height: 256, label: 'Cover' });
  const tour = await queueTour(LB, owner, { name: '集群样板间', jpeg, cover });
  const outcome = await processingOutcome(owner, tour, 180_000);
  if (outcome !== 'done') throw new Error(`the tour's processing ended ${outcome}`);
  await owner.call('PUT', `/api/model/${tour}/onLined`, { onLined: true });
  for (let index = 1; index < LIST_WORKS; index += 1) {
    const copy = await owner.call('POST', `/api/model/${tour}/copy`);
    await owner.call('PUT', `/api/model/${copy.uid}/onLined`, { onLined: true });
  }
  const listPath = `/api/open/person/${owner.uid}/works?pageNum=1&pageSize=12`;
  const plain = { ...API_HEADERS, 'accept-encoding': 'identity' };
  const list = envelopeOf(await send(`${LB}${listPath}`, 'GET', plain));
  if (list?.data?.total !== LIST_WORKS || list.data.list.length !== 12)
    throw new Error(`unexpected list: ${JSON.stringify(list).slice(0, 300)}`);
  const pagePath = `/details/${tour}`;
  const page = await send(`${LB}${pagePath}`, 'GET', { ...BROWSER, 'accept-encoding': 'identity' });
  const html = page.body.toString('utf8');
  if (page.status !== 200 || !html.includes('集群样板间') || !html.includes('data-first-view') || !html.includes('data-crawler-summary'))
    throw new Error(`unexpected work page: ${page.status} ${html.slice(0, 300)}`);
  const crawled = await send(`${LB}${pagePath}`, 'GET', { ...CRAWLER, 'accept-encoding': 'identity' });
  if (crawled.body.toString('utf8') !== html) throw new Error('a crawler gets another document than a browser: measure both');
  for (const apiPath of [`/api/model/${tour}`, `/api/model/${tour}/tour`]) {
    const answer = envelopeOf(await send(`${LB}${apiPath}`, 'GET', plain));
    if (answer?.code !== 0) throw new Error(`${apiPath}: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  return {
    list: { label: 'works list (API)', requests: [{ method: 'GET', path: listPath, headers: API_HEADERS }] },
    page: { label: 'work page (HTML)', requests: [{ method: 'GET', path: pagePath, headers: BROWSER }] },
    pageApi: {
      label: 'work page API (work, tour)',
      requests: [
        { method: 'GET', path: `/api/model/${tour}`, headers: API_HEADERS },
        { method: 'GET', path: `/api/model/${tour}/tour`, headers: API_HEADERS },
      ],
    },
  };
}

/**
 * nginx as the cluster runs it, with only API_1 in the upstream: the cluster's own configuration file, with this
 * folder for its files and a port of its own.
 */
async function startSingleUpstreamNginx(state) {
  const clusterPrefix = path.join(state.dir, 'nginx');
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'spatia-bench-nginx-'));
  mkdirSync(path.join(prefix, 'logs'));
  const port = await freePort();
  const api2Port = new URL(state.addresses.API_2).port;
  const original = readFileSync(path.join(clusterPrefix, 'nginx.conf'), 'utf8');
  const config = original
    .replaceAll(`${clusterPrefix}/`, `${prefix}/`)
    .replaceAll(`${path.join(state.dir, 'logs')}/`, `${prefix}/logs/`)
    .replace(/listen 127\.0\.0\.1:\d+;/, `listen 127.0.0.1:${port};`)
    .replace(new RegExp(`\\n\\s*server 127\\.0\\.0\\.1:${api2Port};`), '');
  if (config.includes(`:${api2Port};`) || config.includes(state.dir) || !config.includes(`listen 127.0.0.1:${port};`))
    throw new Error(`could not derive a single-upstream configuration from ${clusterPrefix}/nginx.conf`);
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, config);
  const checked = spawnSync('nginx', ['-t', '-q', '-p', prefix, '-c', file], { encoding: 'utf8' });
  if (checked.status !== 0) {
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`nginx refused the single-upstream configuration:\n${checked.stderr}`);
  }
  const child = spawn('nginx', ['-p', prefix, '-c', file], { stdio: ['ignore', 'ignore', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await send(`${baseUrl}/api/health/ready`, 'GET').catch(() => undefined);
    if (answer?.status === 200) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(prefix, { recursive: true, force: true });
      throw new Error('the single-upstream nginx did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT'); // nginx's graceful stop
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** Every read target through both topologies, alternating; answers the samples per target and topology. */
async function measureReads(state, bases, singleNginxPid, targets, { seconds, connections, rounds }) {
  const apiPids = [pidOf(state, 'api-1'), pidOf(state, 'api-2')];
  const redis = redisServerPid();
  const meterFor = (nginxPid) =>
    cpuMeter({
      api: () => apiPids,
      nginx: () => withChildren(nginxPid),
      postgres: () => postgresBackendsOf(state.database.name),
      redis: () => (redis ? [redis] : []),
    });
  const topologies = {
    two: { base: bases.LB, meter: meterFor(pidOf(state, 'nginx')) },
    one: { base: bases.ONE, meter: meterFor(singleNginxPid) },
  };
  const once = async (target, topology, duration) => {
    const { base, meter } = topologies[topology];
    meter.start();
    const result = await autocannon({ url: base, connections, duration, pipelining: 1, requests: target.requests });
    const cpu = meter.stop();
    if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0)
      throw new Error(
        `${target.label} via ${topology}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
      );
    return { rps: result.requests.average, total: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, cpu };
  };
  for (const target of Object.values(targets)) for (const topology of ['one', 'two']) await once(target, topology, 2); // warm-up
  const samples = {};
  for (const name of Object.keys(targets)) samples[name] = { one: [], two: [], ratios: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, target] of Object.entries(targets)) {
      const taken = {};
      for (const topology of roundOrder(round + Object.keys(targets).indexOf(name), ['one', 'two']))
        taken[topology] = await once(target, topology, seconds);
      samples[name].one.push(taken.one);
      samples[name].two.push(taken.two);
      samples[name].ratios.push(taken.two.rps / taken.one.rps);
    }
  }
  return { targets, samples };
}

/** Upload throughput: through nginx (PATCHes alternate between the processes), straight to S3, and to API_1 alone. */
async function measureUploads(state, { LB, API_1 }, rounds) {
  const requireFromServer = createRequire(path.join(root, 'apps/server/package.json'));
  const { S3Client, CreateMultipartUploadCommand, UploadPartCommand, CompleteMultipartUploadCommand, DeleteObjectCommand } =
    requireFromServer('@aws-sdk/client-s3');
  const store = state.objectStore;
  const s3 = new S3Client({
    endpoint: store.endpoint,
    region: store.region,
    forcePathStyle: true,
    credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey },
  });
  const owner = await signIn(LB, await createAccount(state));
  const work = await owner.call('POST', '/api/model', { name: 'Upload bench', type: 'model3d', description: '' });
  // One 32 MiB block; each upload's head is a GLB signature and its own number, so that every upload is a new file
  // (identical bytes would skip the store's write).
  const block = randomBytes(UPLOAD_SIZE);
  block.write('glTF', 0, 'latin1');
  let uploads = 0;
  const nextBytes = () => {
    uploads += 1;
    const bytes = Buffer.from(block);
    bytes.writeUInt32LE(uploads, 8);
    return bytes;
  };
  const mibPerSecond = (started) => UPLOAD_SIZE / MIB / (Number(process.hrtime.bigint() - started) / 1e9);
  const apiPids = [pidOf(state, 'api-1'), pidOf(state, 'api-2')];
  const storePids = state.processes.filter((entry) => /^(radosgw|ceph-osd|s3rver)/.test(entry.name)).map((entry) => entry.pid);
  const meter = cpuMeter({ api: () => apiPids, nginx: () => withChildren(pidOf(state, 'nginx')), store: () => storePids });
  const viaTus = (base) => async () => {
    const bytes = nextBytes();
    const { grant } = await owner.call('GET', `/api/model/${work.uid}/origin/uploadCredentials`);
    const started = process.hrtime.bigint();
    await tusUpload(() => base, grant, bytes, { chunkSize: UPLOAD_CHUNK, filename: 'bench.glb' });
    return mibPerSecond(started);
  };
  const ways = {
    lb: viaTus(LB),
    api1: viaTus(API_1),
    direct: async () => {
      const bytes = nextBytes();
      const Key = `bench/direct-${uploads}`;
      const started = process.hrtime.bigint();
      const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: store.bucket, Key, ContentType: 'model/gltf-binary' }));
      const parts = [];
      for (let offset = 0, PartNumber = 1; offset < UPLOAD_SIZE; offset += UPLOAD_CHUNK, PartNumber += 1) {
        const { ETag } = await s3.send(
          new UploadPartCommand({ Bucket: store.bucket, Key, UploadId, PartNumber, Body: bytes.subarray(offset, offset + UPLOAD_CHUNK) }),
        );
        parts.push({ ETag, PartNumber });
      }
      await s3.send(new CompleteMultipartUploadCommand({ Bucket: store.bucket, Key, UploadId, MultipartUpload: { Parts: parts } }));
      const speed = mibPerSecond(started);
      await s3.send(new DeleteObjectCommand({ Bucket: store.bucket, Key }));
      return speed;
    },
  };
  for (const way of Object.values(ways)) await way(); // warm-up
  const samples = { lb: [], api1: [], direct: [], cpu: { lb: [], api1: [], direct: [] }, overDirect: [], overApi1: [] };
  for (let round = 0; round < rounds; round += 1) {
    const taken = {};
    for (const name of roundOrder(round, ['direct', 'lb', 'api1'])) {
      meter.start();
      taken[name] = await ways[name]();
      samples.cpu[name].push(meter.stop());
    }
    for (const name of ['lb', 'api1', 'direct']) samples[name].push(taken[name]);
    samples.overDirect.push(taken.lb / taken.direct);
    samples.overApi1.push(taken.lb / taken.api1);
  }
  s3.destroy();
  return samples;
}

function report(state, { targets, samples }, uploads, { seconds, connections, rounds }) {
  const load = os
    .loadavg()
    .map((value) => format(value, 1))
    .join(' ');
  console.log(
    `cluster-throughput (nginx → two API processes vs nginx → one, same build, PostgreSQL database and Redis; object store ${state.objectStore.kind}; ` +
      `${connections} connections, ${rounds} rounds of ${seconds} s, median of per-round ratios; ${os.cpus().length} cores, load ${load})`,
  );
  let pass = true;
  const perRequest = (sample, part) => (sample.cpu[part] / sample.total) * 1000;
  for (const [name, target] of Object.entries(targets)) {
    const { one, two, ratios } = samples[name];
    const ratio = median(ratios);
    const ok = ratio >= TARGET_RATIO;
    pass &&= ok;
    const describe = (list) =>
      `${format(median(list.map((sample) => sample.rps)), 0)} req/s  p50 ${median(list.map((sample) => sample.p50))} ms  p99 ${median(list.map((sample) => sample.p99))} ms`;
    const cpu = (list) =>
      ['api', 'nginx', 'postgres', 'redis', 'client']
        .map((part) => `${part} ${format(median(list.map((sample) => perRequest(sample, part))))}`)
        .join(', ');
    const busy = (list, part) => format(median(list.map((sample) => sample.cpu[part] / seconds)));
    console.log(`  ${target.label}`);
    console.log(`    one API process   ${describe(one)}`);
    console.log(`    two API processes ${describe(two)}`);
    console.log(
      `    ratio ${format(ratio)}x [rounds: ${ratios.map((value) => format(value)).join(' ')}]  (target >= ${TARGET_RATIO}x: ${ok ? 'met' : 'MISSED'})`,
    );
    console.log(`    CPU ms per request, one: ${cpu(one)}`);
    console.log(`    CPU ms per request, two: ${cpu(two)}`);
    console.log(`    cores busy in the API processes: one ${busy(one, 'api')}, two ${busy(two, 'api')}`);
    // What a core of its own would give each part, from the two-process figures (the dearer of the two per request).
    const perCore = (part) => format(1000 / median(two.map((sample) => perRequest(sample, part))), 0);
    console.log(
      `    requests per second a whole core gives: API processes ${perCore('api')}, PostgreSQL ${perCore('postgres')}, nginx ${perCore('nginx')}`,
    );
  }
  const mbps = (values) => `${format(median(values), 0)} MiB/s [rounds: ${values.map((value) => format(value, 0)).join(' ')}]`;
  const cpuOf = (list, part) => format(median(list.map((sample) => sample[part])));
  console.log(`  uploads (${UPLOAD_SIZE / MIB} MiB origin, ${UPLOAD_CHUNK / MIB} MiB PATCHes / parts, ${rounds} rounds)`);
  console.log(`    straight to the object store (S3 multipart)  ${mbps(uploads.direct)}`);
  console.log(`    tus to API_1 alone                           ${mbps(uploads.api1)}`);
  console.log(`    tus through nginx (PATCHes alternate)        ${mbps(uploads.lb)}`);
  console.log(
    `    ratio through nginx ÷ straight to the store ${format(median(uploads.overDirect))}x [rounds: ${uploads.overDirect.map((value) => format(value)).join(' ')}]; ` +
      `÷ tus to API_1 alone ${format(median(uploads.overApi1))}x [rounds: ${uploads.overApi1.map((value) => format(value)).join(' ')}]`,
  );
  for (const [name, label] of [
    ['direct', 'straight to the store'],
    ['api1', 'tus to API_1 alone'],
    ['lb', 'tus through nginx'],
  ])
    console.log(
      `    CPU s per upload, ${label.padEnd(22)} API ${cpuOf(uploads.cpu[name], 'api')}, nginx ${cpuOf(uploads.cpu[name], 'nginx')}, ` +
        `object store ${cpuOf(uploads.cpu[name], 'store')}, client ${cpuOf(uploads.cpu[name], 'client')}`,
    );
  return pass;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '4' } } });
  process.exitCode = (await run({ seconds: Number(values.seconds), rounds: Number(values.rounds) })) ? 0 : 1;
}
