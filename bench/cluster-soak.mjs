// Issue 31, "Beyond one machine": a soak of the cluster of `npm run cluster` (nginx, two APIs, two workers,
// PostgreSQL, Redis, radosgw). For SOAK_SECONDS (default 600), through nginx only:
//   - visitors (SOAK_VISITORS, default 6, each one request after another, no pause): the site's pages (/,
//     /userWork/{uid}, /details/{uid}; now and then the entry script), the works list of a person's page
//     (GET /api/open/person/{uid} and …/works), and a processed tour: the work, its tour, the six base faces and
//     four tiles of a level, and the view count (POST /api/model/{uid}/views);
//   - an uploader, every SOAK_UPLOAD_SECONDS (default 10): a new panorama work of one of two photographers, its
//     cover and origin by tus in 128 KiB PATCHes (so they alternate between the processes and the one completing
//     it has not seen them all), queued for processing; once the workers have processed it, it goes online and
//     visitors view its tiles too.
// Every answer is checked (status, envelope code, type, JPEG bytes, list totals): anything else is an error,
// counted and listed. Every SAMPLE_SECONDS (5) the memory of every API and worker is read from its metrics
// endpoint (process_resident_memory_bytes, nodejs_heap_size_used_bytes), and nginx's from /proc. After the
// run, every uploaded work must be processed, online, its tour and base faces readable and its origin, by its
// signed link, byte for byte what was sent (SHA-256): anything missing is lost. Every sample goes to
// bench/results/cluster-soak-<time>.json.
// Verdict: per API and worker, the least-squares slopes of its memory after the warm-up (the first 20 % of the run),
// in MB per minute, of the heap in use just after major collections and of RSS, must stay under HEAP_SLOPE_LIMIT
// and RSS_SLOPE_LIMIT (the reasoning is beside them); no errors; nothing lost.
// Opt-in (not part of npm test), like the other PostgreSQL benches: needs DATABASE_URL (the cluster's scratch
// database goes to that server). A cluster already running is used and left running; otherwise one is started
// and stopped.
//   node scripts/build.mjs && DATABASE_URL=postgres://… [SOAK_SECONDS=120] node bench/cluster-soak.mjs
import { createHash, randomInt } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import {
  clusterBenchSkipReason,
  createAccount,
  envelopeOf,
  pidOf,
  processingOutcome,
  queueTour,
  residentBytesOf,
  scrapeMetrics,
  send,
  signIn,
  useCluster,
  withChildren,
} from './cluster-lib.mjs';
import { format, root } from './lib.mjs';

const SAMPLE_SECONDS = 5;
const WARM_UP_SHARE = 0.2;
/**
 * Flat means, after the warm-up, a least-squares slope under these, for every API and worker (docs/deploy.md,
 * "Soak"):
 * - the heap in use just after major collections (what is alive), under 1 MB a minute: at the ~90 requests a
 *   second each API process serves in the soak, a leak of about 200 bytes per request, or 1.4 GB a day; the
 *   recorded runs scatter within ±0.9 MB/min of zero;
 * - resident memory (RSS), under 5 MB a minute: RSS follows the heap's committed size, which grows by 50–80 MB
 *   between major collections half a minute to two minutes apart and is handed back after them, so over eight
 *   minutes a process with no leak at all shows slopes of up to about 4–6 MB/min either way (the recorded runs);
 *   5 MB/min (7 GB a day) is the finest a ten-minute run can tell from that swing, and catches a native leak
 *   (buffers, libvips, zlib) of that size. A longer SOAK_SECONDS narrows the swing's share, not the limit.
 */
const HEAP_SLOPE_LIMIT = 1;
const RSS_SLOPE_LIMIT = 5;
const MAJOR_GCS = 'nodejs_gc_duration_seconds_count{kind="major"}';
const PROCESSING_GRACE_MS = 240_000;
const TUS_CHUNK = 128 * 1024;
const BROWSER = {
  accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8',
};
const API_HEADERS = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br', 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' };
const FACES = ['front', 'right', 'back', 'left', 'top', 'bottom'];

export async function run({
  seconds = Number(process.env.SOAK_SECONDS ?? 600),
  visitors = Number(process.env.SOAK_VISITORS ?? 6),
  uploadEverySeconds = Number(process.env.SOAK_UPLOAD_SECONDS ?? 10),
} = {}) {
  const skip = clusterBenchSkipReason();
  if (skip) {
    console.log(`cluster-soak: skipped (${skip})`);
    return true;
  }
  const cluster = useCluster();
  try {
    return await soak(cluster.state, { seconds, visitors, uploadEverySeconds });
  } finally {
    cluster.release();
  }
}

async function soak(state, { seconds, visitors, uploadEverySeconds }) {
  const LB = state.addresses.LB;
  const log = new Log();
  const { renderSyntheticPanorama } = await import('../apps/server/dist/media/panorama/index.js');
  const panorama = await renderSyntheticPanorama({ width: 4096, height: 2048, label: 'Soak 浸泡' });
  const cover = await renderSyntheticPanorama({ width: 512, height: 256, label: 'Cover' });
  const owners = [];
  for (let index = 0; index < 2; index += 1) owners.push(await signIn(LB, await createAccount(state)));
  const site = new Site(LB, log);
  // One processed, online tour per photographer before the clock starts, so that visitors have tiles to view.
  for (const [index, owner] of owners.entries()) {
    const uid = await queueTour(LB, owner, { name: `浸泡 seed ${index + 1}`, jpeg: panorama, cover });
    if ((await processingOutcome(owner, uid, 180_000)) !== 'done') throw new Error(`the seed tour ${uid} was not processed`);
    await owner.call('PUT', `/api/model/${uid}/onLined`, { onLined: true });
    await site.addOnline(owner, uid);
  }
  await site.findEntryScript();

  const processes = [
    ...state.apiMetrics.map((url, index) => ({ name: `api-${index + 1}`, url })),
    ...state.workerMetrics.map((url, index) => ({ name: `worker-${index + 1}`, url })),
  ];
  const nginxPid = pidOf(state, 'nginx');
  const samples = [];
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const sample = async () => {
    const row = { t: (Date.now() - started) / 1000, values: {} };
    for (const process_ of processes) {
      try {
        const values = await scrapeMetrics(process_.url, [
          'process_resident_memory_bytes',
          'nodejs_heap_size_used_bytes',
          'nodejs_heap_size_total_bytes',
          'nodejs_external_memory_bytes',
          MAJOR_GCS,
        ]);
        row.values[process_.name] = {
          rss: values.process_resident_memory_bytes,
          heap: values.nodejs_heap_size_used_bytes,
          heapTotal: values.nodejs_heap_size_total_bytes,
          external: values.nodejs_external_memory_bytes,
          majorGcs: values[MAJOR_GCS],
        };
      } catch (error) {
        log.error('metrics', 'GET', process_.url, 0, error.message);
      }
    }
    row.values.nginx = { rss: withChildren(nginxPid).reduce((sum, pid) => sum + residentBytesOf(pid), 0) };
    samples.push(row);
  };
  await sample();
  const sampler = setInterval(() => void sample(), SAMPLE_SECONDS * 1000);
  const progress = setInterval(() => {
    const elapsed = Math.round((Date.now() - started) / 1000);
    console.error(`cluster-soak: ${elapsed} s, ${log.total} requests, ${log.errors.length} errors, ${site.uploads.length} uploads`);
  }, 60_000);
  try {
    await Promise.all([
      ...Array.from({ length: visitors }, () => visitorLoop(site, deadline)),
      uploaderLoop(site, owners, { panorama, cover, deadline, uploadEverySeconds }),
    ]);
  } finally {
    clearInterval(sampler);
    clearInterval(progress);
  }
  await sample();
  const loadAtEnd = os.loadavg();
  const lost = await checkUploads(site, owners);
  const file = path.join(root, 'bench/results', `cluster-soak-${new Date(started).toISOString().replaceAll(':', '-')}.json`);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ seconds, visitors, uploadEverySeconds, samples, errors: log.errors, lost }, null, 1)}\n`);
  console.error(`cluster-soak: every sample in ${path.relative(root, file)}`);
  return report({ state, seconds, visitors, uploadEverySeconds, log, site, samples, lost, loadAtEnd });
}

/** Every request and what went wrong, by kind. */
class Log {
  constructor() {
    this.counts = new Map();
    this.errors = [];
    this.total = 0;
  }

  count(kind) {
    this.total += 1;
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
  }

  error(kind, method, url, status, detail) {
    this.errors.push({ kind, method, path: url.replace(/^https?:\/\/[^/]+/, ''), status, detail: String(detail).slice(0, 200) });
  }
}

/** What visitors can see, and the requests they make, each checked. */
class Site {
  constructor(base, log) {
    this.base = base;
    this.log = log;
    /** Processed, online works: uid, owner uid, name, the files of their first scene. */
    this.online = [];
    /** Online works per owner uid, known before a list request starts. */
    this.onlineCount = new Map();
    /** Every work the uploader made: uid, owner, origin hash, queued and done times, state. */
    this.uploads = [];
    this.entryScript = undefined;
  }

  /** One GET (or POST) through nginx; answers the decoded body, or undefined (and an error logged) when `check` fails. */
  async request(kind, method, urlPath, headers, check) {
    this.log.count(kind);
    let answer;
    try {
      answer = await send(`${this.base}${urlPath}`, method, headers);
    } catch (error) {
      this.log.error(kind, method, urlPath, 0, error.message);
      return undefined;
    }
    let body;
    try {
      body = decoded(answer);
    } catch (error) {
      this.log.error(kind, method, urlPath, answer.status, `undecodable body: ${error.message}`);
      return undefined;
    }
    if (answer.status < 200 || answer.status > 299) {
      this.log.error(kind, method, urlPath, answer.status, body.toString('utf8').slice(0, 200));
      return undefined;
    }
    const problem = check(answer, body);
    if (problem) {
      this.log.error(kind, method, urlPath, answer.status, problem);
      return undefined;
    }
    return body;
  }

  /** GET of the JSON API; answers `data`, or undefined when the answer is not code 0 or `check` fails. */
  async api(kind, urlPath, check = () => undefined, method = 'GET') {
    let data;
    const body = await this.request(kind, method, urlPath, API_HEADERS, (answer, bytes) => {
      let envelope;
      try {
        envelope = JSON.parse(bytes.toString('utf8'));
      } catch {
        return `not JSON: ${bytes.toString('utf8').slice(0, 100)}`;
      }
      if (envelope.code !== 0) return `code ${envelope.code} ${envelope.msg}`;
      data = envelope.data;
      return check(data);
    });
    return body === undefined ? undefined : data;
  }

  async page(kind, urlPath, mustHold) {
    return this.request(kind, 'GET', urlPath, BROWSER, (answer, body) => {
      if (!String(answer.headers['content-type']).startsWith('text/html')) return `content-type ${answer.headers['content-type']}`;
      const html = body.toString('utf8');
      if (!html.includes('<div id="root">')) return 'no #root in the page';
      if (mustHold && !html.includes(mustHold)) return `the page does not name ${mustHold}`;
      return undefined;
    });
  }

  async image(kind, url) {
    return this.request(
      kind,
      'GET',
      url,
      { accept: 'image/avif,image/webp,*/*', 'accept-encoding': 'gzip, deflate, br' },
      (answer, body) => {
        if (answer.headers['content-type'] !== 'image/jpeg') return `content-type ${answer.headers['content-type']}`;
        if (body.length < 100 || body[0] !== 0xff || body[1] !== 0xd8) return `not a JPEG (${body.length} bytes)`;
        return undefined;
      },
    );
  }

  async findEntryScript() {
    const html = (await this.page('page', '/'))?.toString('utf8') ?? '';
    this.entryScript = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    if (!this.entryScript) throw new Error('the home page names no entry script');
  }

  /** A processed work now online: its first scene's files become part of what visitors view. */
  async addOnline(owner, uid) {
    const tour = await owner.call('GET', `/api/model/${uid}/tour`);
    const scene = tour.scenes[0];
    this.online.push({ uid, owner: owner.uid, name: tour.name, baseUrl: scene.baseUrl, levels: scene.panorama.levels });
    this.onlineCount.set(owner.uid, (this.onlineCount.get(owner.uid) ?? 0) + 1);
  }
}

function decoded(answer) {
  switch (answer.headers['content-encoding']) {
    case 'gzip':
      return gunzipSync(answer.body);
    case 'br':
      return brotliDecompressSync(answer.body);
    case 'deflate':
      return inflateSync(answer.body);
    default:
      return answer.body;
  }
}

const pick = (list) => list[randomInt(0, list.length)];

async function visitorLoop(site, deadline) {
  while (Date.now() < deadline) {
    const roll = Math.random();
    if (roll < 0.3) await browse(site);
    else if (roll < 0.6) await listWorks(site);
    else await viewTour(site);
  }
}

/** A page as a browser first loads it (its script only now and then: browsers keep it). */
async function browse(site) {
  const work = pick(site.online);
  const [urlPath, mustHold] = pick([
    ['/', undefined],
    [`/userWork/${work.owner}`, undefined],
    [`/details/${work.uid}`, work.name],
  ]);
  await site.page('page', urlPath, mustHold);
  if (Math.random() < 0.2)
    await site.request('script', 'GET', site.entryScript, BROWSER, (answer) =>
      String(answer.headers['content-type']).includes('javascript') ? undefined : `content-type ${answer.headers['content-type']}`,
    );
}

/** A person's page: their homepage and the first page of their works, which holds at least every work known online. */
async function listWorks(site) {
  const owner = pick(site.online).owner;
  const known = site.onlineCount.get(owner) ?? 0;
  await site.api('person', `/api/open/person/${owner}`);
  await site.api('list', `/api/open/person/${owner}/works?pageNum=1&pageSize=12`, (data) => {
    if (data.total < known) return `total ${data.total}, but ${known} are online`;
    if (data.list.length !== Math.min(12, data.total)) return `${data.list.length} works on a page of ${data.total}`;
    return undefined;
  });
}

/** A tour opened: the work, the tour, the six base faces, four tiles of one level, and the view counted. */
async function viewTour(site) {
  const work = pick(site.online);
  await site.api('work', `/api/model/${work.uid}`, (data) => (data.onLined ? undefined : `status ${data.status}`));
  await site.api('tour', `/api/model/${work.uid}/tour`, (data) => (data.scenes.length === 1 ? undefined : `${data.scenes.length} scenes`));
  for (const face of FACES) await site.image('tile', `${work.baseUrl}base/${face}.jpg`);
  const level = randomInt(0, work.levels.length);
  const { nbTiles } = work.levels[level];
  for (let index = 0; index < 4; index += 1) {
    const tile = `tiles/${level}/${pick(FACES)}/${randomInt(0, nbTiles)}_${randomInt(0, nbTiles)}.jpg`;
    await site.image('tile', `${work.baseUrl}${tile}`);
  }
  await site.api('views', `/api/model/${work.uid}/views`, () => undefined, 'POST');
}

/**
 * A new panorama work every `uploadEverySeconds`, its origin unique (the same picture with its number in a JPEG
 * comment); works whose processing ended are put online, and visitors view them from then on.
 */
async function uploaderLoop(site, owners, { panorama, cover, deadline, uploadEverySeconds }) {
  let number = 0;
  const watch = [];
  while (Date.now() < deadline) {
    const due = Date.now() + uploadEverySeconds * 1000;
    number += 1;
    const owner = owners[number % owners.length];
    const origin = withComment(panorama, `soak upload ${number}`);
    const upload = {
      number,
      owner,
      uid: undefined,
      sha256: createHash('sha256').update(origin).digest('hex'),
      queuedAt: 0,
      doneAt: 0,
      state: 'uploading',
    };
    site.uploads.push(upload);
    try {
      upload.uid = await queueTour(site.base, owner, { name: `浸泡 ${number}`, jpeg: origin, cover, chunkSize: TUS_CHUNK });
      upload.queuedAt = Date.now();
      upload.state = 'queued';
      watch.push(upload);
    } catch (error) {
      upload.state = 'upload failed';
      site.log.error('upload', 'POST', '/api/tus', 0, error.message);
    }
    await settle(site, watch);
    while (Date.now() < Math.min(due, deadline)) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await settle(site, watch);
    }
  }
}

/** Works whose processing ended: online (and viewed from then on) when done, an error when failed. */
async function settle(site, watch) {
  for (const upload of [...watch]) {
    let state;
    try {
      ({ state } = await upload.owner.call('GET', `/api/model/${upload.uid}/processing`));
    } catch (error) {
      site.log.error('processing', 'GET', `/api/model/${upload.uid}/processing`, 0, error.message);
      continue;
    }
    if (state !== 'done' && state !== 'failed') continue;
    watch.splice(watch.indexOf(upload), 1);
    upload.state = state;
    upload.doneAt = Date.now();
    if (state === 'failed') {
      site.log.error('processing', 'GET', `/api/model/${upload.uid}/processing`, 200, 'processing failed');
      continue;
    }
    try {
      await upload.owner.call('PUT', `/api/model/${upload.uid}/onLined`, { onLined: true });
      upload.state = 'online';
      await site.addOnline(upload.owner, upload.uid);
    } catch (error) {
      site.log.error('publish', 'PUT', `/api/model/${upload.uid}/onLined`, 0, error.message);
    }
  }
}

/** The same JPEG with a comment segment (FF FE) after its start marker: other bytes, the same picture. */
function withComment(jpeg, text) {
  const comment = Buffer.from(text, 'utf8');
  const segment = Buffer.alloc(4 + comment.length);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  comment.copy(segment, 4);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/**
 * After the run: waits for the processing still under way, then checks every upload end to end. Answers the lost
 * ones, each with why.
 */
async function checkUploads(site, owners) {
  const lost = [];
  const deadline = Date.now() + PROCESSING_GRACE_MS;
  for (const upload of site.uploads) {
    if (!upload.uid) {
      lost.push({ upload: upload.number, why: upload.state });
      continue;
    }
    if (upload.state === 'queued') {
      upload.state = await processingOutcome(upload.owner, upload.uid, Math.max(0, deadline - Date.now()));
      upload.doneAt = Date.now();
      if (upload.state === 'done') {
        await upload.owner.call('PUT', `/api/model/${upload.uid}/onLined`, { onLined: true });
        upload.state = 'online';
        await site.addOnline(upload.owner, upload.uid);
      }
    }
    if (upload.state !== 'online') {
      lost.push({ upload: upload.number, uid: upload.uid, why: `processing ${upload.state}` });
      continue;
    }
    const problem = await readBack(site, upload);
    if (problem) lost.push({ upload: upload.number, uid: upload.uid, why: problem });
  }
  for (const owner of owners) {
    const expected = site.onlineCount.get(owner.uid) ?? 0;
    const list = await owner.call('GET', `/api/open/person/${owner.uid}/works?pageNum=1&pageSize=12`);
    if (list.total !== expected)
      lost.push({ upload: '-', why: `the list of ${owner.uid} counts ${list.total} works, ${expected} are online` });
  }
  return lost;
}

/** An uploaded work as anyone reads it (tour, base faces) and its origin as its owner downloads it: undefined when all is there. */
async function readBack(site, upload) {
  const work = site.online.find((candidate) => candidate.uid === upload.uid);
  const tour = envelopeOf(await send(`${site.base}/api/model/${upload.uid}/tour`, 'GET'));
  if (tour?.code !== 0 || tour.data.scenes.length !== 1) return `tour: ${JSON.stringify(tour).slice(0, 120)}`;
  for (const face of FACES) {
    const answer = await send(`${site.base}${work.baseUrl}base/${face}.jpg`, 'GET');
    if (answer.status !== 200 || answer.body[0] !== 0xff) return `base face ${face}: ${answer.status}`;
  }
  const detail = await upload.owner.call('GET', `/api/model/${upload.uid}`);
  const origins = detail.assets.filter((asset) => asset.kind === 'origin');
  if (origins.length !== 1) return `${origins.length} origins`;
  const download = await send(new URL(origins[0].url, site.base).toString(), 'GET', upload.owner.headers);
  if (download.status !== 200) return `origin download: ${download.status}`;
  if (createHash('sha256').update(download.body).digest('hex') !== upload.sha256) return 'the origin differs from what was sent';
  return undefined;
}

/**
 * The heap in use as (minutes, MB) at the samples taken within SAMPLE_SECONDS after a major collection (the count
 * of major collections rose since the sample before): what is alive, without the garbage of the sawtooth between
 * collections, which at this load spans tens of MB over a minute or more and would swamp a slope of a few MB.
 */
function heapAfterMajorCollections(samples, name, warmUp) {
  const points = [];
  let before;
  for (const row of samples) {
    const values = row.values[name];
    if (!values || values.majorGcs === undefined) continue;
    if (before !== undefined && values.majorGcs > before && row.t >= warmUp) points.push([row.t / 60, values.heap / 1e6]);
    before = values.majorGcs;
  }
  return points;
}

/** Least-squares slope of (minutes, MB). */
function slope(points) {
  const n = points.length;
  if (n < 3) return Number.NaN;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / n;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let numerator = 0;
  let denominator = 0;
  for (const [x, y] of points) {
    numerator += (x - meanX) * (y - meanY);
    denominator += (x - meanX) ** 2;
  }
  return numerator / denominator;
}

function report({ state, seconds, visitors, uploadEverySeconds, log, site, samples, lost, loadAtEnd }) {
  const warmUp = seconds * WARM_UP_SHARE;
  const after = samples.filter((row) => row.t >= warmUp);
  const names = ['api-1', 'api-2', 'worker-1', 'worker-2', 'nginx'];
  const mb = (bytes) => bytes / 1e6;
  console.log(
    `cluster-soak (${format(seconds / 60, 1)} min through nginx: ${visitors} visitors without pause, a new panorama every ${uploadEverySeconds} s; ` +
      `object store ${state.objectStore.kind}; ${os.cpus().length} cores, load at the end ${loadAtEnd.map((value) => format(value, 1)).join(' ')})`,
  );
  console.log(
    `  requests ${log.total} (${format(log.total / seconds, 0)}/s): ` +
      [...log.counts].map(([kind, count]) => `${kind} ${count}`).join(', '),
  );
  const processed = site.uploads.filter((upload) => upload.doneAt && upload.queuedAt);
  const latencies = processed.map((upload) => (upload.doneAt - upload.queuedAt) / 1000).sort((a, b) => a - b);
  console.log(
    `  uploads ${site.uploads.length}, online and read back ${site.uploads.length - lost.filter((entry) => entry.upload !== '-').length}; ` +
      `queued → seen processed: median ${format(latencies[Math.floor(latencies.length / 2)] ?? 0, 1)} s, max ${format(latencies.at(-1) ?? 0, 1)} s`,
  );
  console.log(
    `  memory in MB; slopes in MB/min after the first ${format(warmUp, 0)} s, least squares: RSS over ${after.length} samples (every ${SAMPLE_SECONDS} s), ` +
      `heap in use over the samples just after a major collection (n):`,
  );
  console.log(
    `    ${'process'.padEnd(9)} ${'RSS start'.padStart(9)} ${'warm'.padStart(7)} ${'max'.padStart(7)} ${'end'.padStart(7)} ${'slope'.padStart(7)}   ` +
      `${'heap warm'.padStart(9)} ${'end'.padStart(7)} ${'slope'.padStart(7)} ${'n'.padStart(3)}`,
  );
  let flat = true;
  let undecided = false;
  for (const name of names) {
    const series = (field) =>
      after.filter((row) => row.values[name]?.[field] !== undefined).map((row) => [row.t / 60, mb(row.values[name][field])]);
    const first = samples.find((row) => row.values[name])?.values[name];
    const rss = series('rss');
    const heap = heapAfterMajorCollections(samples, name, warmUp);
    const rssSlope = slope(rss);
    const heapSlope = slope(heap);
    // nginx is shown for context; the verdict is on the Node processes, whose heap the metrics give.
    if (name !== 'nginx') {
      // Fewer than three major collections after the warm-up fit no line: the run was too short to tell.
      if (!Number.isFinite(heapSlope) || !Number.isFinite(rssSlope)) undecided = true;
      else flat &&= rssSlope < RSS_SLOPE_LIMIT && heapSlope < HEAP_SLOPE_LIMIT;
    }
    const cell = (value, width, digits = 0) => (Number.isFinite(value) ? format(value, digits) : '-').padStart(width);
    console.log(
      `    ${name.padEnd(9)} ${cell(first ? mb(first.rss) : Number.NaN, 9)} ${cell(rss[0]?.[1], 7)} ${cell(Math.max(...rss.map(([, y]) => y)), 7)} ` +
        `${cell(rss.at(-1)?.[1], 7)} ${cell(rssSlope, 7, 2)}   ` +
        `${cell(heap[0]?.[1], 9)} ${cell(heap.at(-1)?.[1], 7)} ${cell(heapSlope, 7, 2)} ${name === 'nginx' ? '  -' : String(heap.length).padStart(3)}`,
    );
  }
  if (log.errors.length) {
    console.log(`  errors (${log.errors.length}):`);
    const grouped = new Map();
    for (const error of log.errors) {
      const key = `${error.kind} ${error.status} ${error.detail}`;
      const entry = grouped.get(key) ?? { ...error, count: 0 };
      entry.count += 1;
      grouped.set(key, entry);
    }
    for (const entry of [...grouped.values()].slice(0, 20))
      console.log(`    ${entry.count}× ${entry.kind}: ${entry.method} ${entry.path} → ${entry.status} ${entry.detail}`);
  }
  if (lost.length) {
    console.log(`  lost (${lost.length}):`);
    for (const entry of lost.slice(0, 20)) console.log(`    upload ${entry.upload} ${entry.uid ?? ''}: ${entry.why}`);
  }
  const pass = flat && !undecided && log.errors.length === 0 && lost.length === 0;
  const memory = !flat
    ? 'GROWING'
    : undecided
      ? 'UNDECIDED (too few major collections after the warm-up to fit a line: run longer)'
      : 'flat';
  console.log(
    `  verdict: memory ${memory} after the warm-up (every API and worker: heap after major collections under ${HEAP_SLOPE_LIMIT} MB/min, ` +
      `RSS under ${RSS_SLOPE_LIMIT} MB/min), ${log.errors.length === 0 ? 'no errors' : `${log.errors.length} ERRORS`}, ` +
      `${lost.length === 0 ? 'nothing lost' : `${lost.length} LOST`}: ${pass ? 'PASS' : 'FAIL'}`,
  );
  return pass;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = (await run()) ? 0 : 1;
}
