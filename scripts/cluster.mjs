#!/usr/bin/env node
// `npm run cluster`: the multi-process topology of docs/deploy.md on this machine, in the background.
//   npm run cluster                  start it (or, when it already runs, print its addresses again), then return
//   npm run cluster -- stop          end every process it started, drop its database, remove its data
//   npm run cluster -- --without-redis
//                                    the control: the same topology, but the APIs and workers get no REDIS_URL,
//                                    so locks, sessions and rate limits stay in each process (the cluster tests
//                                    must fail against it)
//   npm run cluster -- --own-postgres
//                                    a private PostgreSQL (Debian's initdb and pg_ctl) on a free port in the
//                                    cluster's folder instead of a database on the machine's, so that it can be
//                                    stopped and started (the failure tests do) without touching anyone else's
//   npm run cluster -- down NAME     stop one part: api-1, api-2, worker-1, worker-2, nginx (SIGTERM, as a
//                                    deploy does) or postgres (pg_ctl stop -m fast; only with --own-postgres)
//   npm run cluster -- up NAME       start it again, with the command and environment it had, and wait until
//                                    it is ready (a part that was killed, or taken down, comes back)
//   npm run cluster -- restart NAME  down, then up
// What runs: nginx (from Debian) on a free port in front of two API processes (apps/server/dist/server.js,
// WORKER_IN_PROCESS=false), two workers (apps/server/dist/worker.js), a scratch database on the machine's
// PostgreSQL, a Redis database of its own on the machine's Redis, and an S3 object store: Ceph's radosgw
// from Debian (one monitor, one OSD on memstore), or, where Ceph cannot run, the s3rver stand-in of the
// storage tests (CLUSTER_OBJECT_STORE=s3rver picks it). Everything lives in .cluster/ (CLUSTER_DIR).
// Prints one line per address on stdout (LB=, API_1=, API_2=, METRICS=); progress goes to stderr.
// CLUSTER_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and CLUSTER_REDIS_URL (default
// redis://127.0.0.1:6379) say where the machine's services are.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  appendFileSync,
  chownSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const requireFromServer = createRequire(path.join(root, 'apps/server/package.json'));
const dir = path.resolve(process.env.CLUSTER_DIR ?? path.join(root, '.cluster'));
const stateFile = path.join(dir, 'state.json');
const machineDatabaseUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisBaseUrl = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The key that marks a Redis database as this cluster's (its value: the cluster's folder). */
const REDIS_CLAIM_KEY = 'spatia-cluster:owner';
const BUCKET = 'spatia-cluster';
const READY_TIMEOUT_MS = 120_000;
const scriptStartedAt = Date.now();

const args = process.argv.slice(2);
const [command = 'start', partName] = args.filter((arg) => !arg.startsWith('--'));
const USAGE =
  'npm run cluster [-- --without-redis] [-- --own-postgres] | npm run cluster -- stop | npm run cluster -- up|down|restart NAME';

if (command === 'stop') {
  await stop();
} else if (command === 'start') {
  await start({ withoutRedis: args.includes('--without-redis'), ownPostgres: args.includes('--own-postgres') });
} else if (['up', 'down', 'restart'].includes(command) && partName) {
  if (command !== 'up') await down(partName);
  if (command !== 'down') await up(partName);
} else {
  console.error(`unknown command ${args.join(' ')}: ${USAGE}`);
  process.exit(2);
}

async function start({ withoutRedis, ownPostgres }) {
  const previous = readState();
  if (previous) {
    if (
      previous.complete &&
      previous.processes.every((entry) => isOurs(entry)) &&
      (await answers(`${previous.addresses.LB}/api/health/ready`))
    ) {
      if (previous.withoutRedis !== withoutRedis)
        fatal(`a cluster ${previous.withoutRedis ? 'without' : 'with'} Redis already runs: npm run cluster -- stop first`);
      if (Boolean(previous.ownPostgres) !== ownPostgres)
        fatal(
          `a cluster ${previous.ownPostgres ? 'with its own PostgreSQL' : "on the machine's PostgreSQL"} already runs: npm run cluster -- stop first`,
        );
      progress('the cluster already runs');
      printAddresses(previous.addresses);
      return;
    }
    progress('a previous cluster did not finish or is gone: cleaning it up');
    await stop();
  } else if (existsSync(dir)) {
    rmSync(dir, { recursive: true, force: true });
  }
  mkdirSync(path.join(dir, 'logs'), { recursive: true });
  const state = {
    dir,
    withoutRedis,
    complete: false,
    processes: [],
    database: undefined,
    redisDatabase: undefined,
    ownPostgres: undefined,
    objectStore: undefined,
    addresses: undefined,
  };
  writeState(state);
  try {
    progress('building (skipped when nothing changed)');
    run(process.execPath, ['scripts/build.mjs']);
    installFromDebian(process.env.CLUSTER_OBJECT_STORE === 's3rver' ? ['nginx'] : ['nginx', 'radosgw', 'ceph-mon', 'ceph-osd']);

    const adminDatabaseUrl = ownPostgres ? await startOwnPostgres(state) : machineDatabaseUrl;
    const databaseName = `spatia_cluster_${randomBytes(4).toString('hex')}`;
    await withPostgres((client) => client.query(`create database "${databaseName}"`), adminDatabaseUrl);
    state.database = { admin: adminDatabaseUrl, name: databaseName, url: databaseUrlOf(adminDatabaseUrl, databaseName) };
    writeState(state);

    state.redisDatabase = await claimRedisDatabase();
    writeState(state);

    const s3 = await startObjectStore(state);
    state.objectStore = s3;
    writeState(state);

    const [api1Port, api2Port, lbPort, ...metricsPorts] = await freePorts(7);
    const lb = `http://127.0.0.1:${lbPort}`;
    const shared = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATABASE_URL: state.database.url,
      DATABASE_POOL_SIZE: '10',
      ...(withoutRedis ? {} : { REDIS_URL: redisUrlOf(state.redisDatabase) }),
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      PUBLIC_URL: lb,
      // nginx on this machine is the only proxy: addresses it forwards are believed, no others.
      TRUST_PROXY: '127.0.0.1',
      // The demo works would keep both workers busy processing a tour, a model and a point cloud.
      DEMO_WORKS: 'false',
      // Payments and payouts go to the sandbox (the defaults, said here): the cluster tests play the provider's
      // part, its books and its signed notifications (docs/payments.md, "Sandbox").
      PAYMENT_PROVIDERS: 'sandbox',
      PAYOUT_PROVIDERS: 'sandbox',
      METRICS_HOST: '127.0.0.1',
      // A run whose worker died is taken over this long after its last heartbeat (every 5 s): 10 s instead
      // of the default 60 s, so that the test of a killed worker waits 10 s, not a minute.
      PROCESSING_LEASE_SECONDS: '10',
    };
    const apis = [api1Port, api2Port].map((port, index) => ({ name: `api-${index + 1}`, port, metricsPort: metricsPorts[index] }));
    const workers = [1, 2].map((number, index) => ({ name: `worker-${number}`, metricsPort: metricsPorts[2 + index] }));
    progress(`starting 2 APIs and 2 workers${withoutRedis ? ' (without Redis: the control)' : ''}`);
    for (const api of apis) {
      startProcess(
        state,
        api.name,
        process.execPath,
        [path.join(root, 'apps/server/dist/server.js')],
        {
          ...shared,
          HOST: '127.0.0.1',
          PORT: String(api.port),
          WORKER_IN_PROCESS: 'false',
          METRICS_PORT: String(api.metricsPort),
          DATA_DIR: dataDirOf(api.name),
        },
        { readyUrl: `http://127.0.0.1:${api.port}/api/health/ready` },
      );
    }
    for (const worker of workers) {
      startProcess(
        state,
        worker.name,
        process.execPath,
        [path.join(root, 'apps/server/dist/worker.js')],
        {
          ...shared,
          METRICS_PORT: String(worker.metricsPort),
          DATA_DIR: dataDirOf(worker.name),
        },
        { readyUrl: `http://127.0.0.1:${worker.metricsPort}/metrics` },
      );
    }
    startNginx(
      state,
      lbPort,
      apis.map((api) => api.port),
    );

    progress('waiting until every process is ready');
    await Promise.all([...apis, ...workers].map(({ name }) => waitUntilReady(state, name)));
    await waitUntilReady(state, 'nginx');

    state.addresses = {
      LB: lb,
      API_1: `http://127.0.0.1:${api1Port}`,
      API_2: `http://127.0.0.1:${api2Port}`,
      METRICS: `http://127.0.0.1:${apis[0].metricsPort}/metrics`,
    };
    state.apiMetrics = apis.map((api) => `http://127.0.0.1:${api.metricsPort}/metrics`);
    state.workerMetrics = workers.map((worker) => `http://127.0.0.1:${worker.metricsPort}/metrics`);
    state.complete = true;
    writeState(state);
    progress(`ready (logs: ${path.join(dir, 'logs')})`);
    printAddresses(state.addresses);
  } catch (error) {
    console.error(`cluster: ${error instanceof Error ? error.message : String(error)}`);
    progress('stopping what started');
    await stop();
    process.exit(1);
  }
}

async function stop() {
  const state = readState();
  if (!state) {
    if (existsSync(dir)) rmSync(dir, { recursive: true, force: true });
    progress('no cluster runs');
    return;
  }
  // Servers and workers first (they finish their requests and jobs), the stores they use after them.
  const order = ['api-', 'worker-', 'nginx', 'radosgw', 's3rver', 'ceph-osd', 'ceph-mon'];
  const rank = (name) => order.findIndex((prefix) => name.startsWith(prefix));
  const groups = new Map();
  for (const entry of state.processes) {
    const group = groups.get(rank(entry.name)) ?? [];
    group.push(entry);
    groups.set(rank(entry.name), group);
  }
  for (const [, group] of [...groups].sort(([a], [b]) => a - b)) await Promise.all(group.map((entry) => end(entry)));
  if (state.ownPostgres) {
    // Its data goes with the folder: nothing to drop.
    try {
      if (postgresRuns(state.ownPostgres)) pgCtl(state.ownPostgres, ['stop', '-m', 'fast', '-w', '-t', '30']);
    } catch (error) {
      console.error(`cluster: could not stop its PostgreSQL: ${error.message}`);
    }
  } else if (state.database) {
    await withPostgres(
      (client) => client.query(`drop database if exists "${state.database.name}" with (force)`),
      state.database.admin,
    ).catch((error) => console.error(`cluster: could not drop database ${state.database.name}: ${error.message}`));
  }
  if (state.redisDatabase !== undefined) await releaseRedisDatabase(state.redisDatabase);
  rmSync(dir, { recursive: true, force: true });
  progress('stopped; its database and data are removed');
}

/** SIGTERM, up to 15 s for a clean exit, then SIGKILL; only while the pid is still the process this cluster started. */
async function end(entry) {
  if (!isOurs(entry)) return;
  try {
    process.kill(entry.pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (!isOurs(entry)) return;
    await sleep(100);
  }
  progress(`${entry.name} (pid ${entry.pid}) did not stop in 15 s: killing it`);
  try {
    process.kill(entry.pid, 'SIGKILL');
  } catch {
    // gone meanwhile
  }
}

/**
 * Whether the process this cluster started as `entry` still runs: the pid with the start time it had then, so
 * that a pid the system gave to another process since is never signalled.
 */
function isOurs(entry) {
  const stat = processStat(entry.pid);
  return stat !== undefined && stat.state !== 'Z' && stat.startTime === entry.startTime;
}

/** The state and start time (clock ticks after boot) of a process, from /proc/PID/stat. */
function processStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state is the first, the start time the twentieth.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], startTime: fields[19] };
  } catch {
    return undefined;
  }
}

/**
 * Starts a part of the cluster in the background and records it in the state: its pid with its start time,
 * and how it was started (`up` starts it again the same way) and where it answers once ready.
 */
function startProcess(state, name, executable, argv, env, { cwd = dataDirOf(name), readyUrl } = {}) {
  // A small, explicit environment: nothing of the caller's (DATABASE_URL, a .env) leaks in.
  const spec = { executable, argv, env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8', ...env }, cwd, readyUrl };
  const entry = { name, ...launch(name, spec), spec };
  state.processes = [...state.processes.filter((other) => other.name !== name), entry];
  writeState(state);
  return entry;
}

function launch(name, { executable, argv, env, cwd }) {
  mkdirSync(cwd, { recursive: true });
  const log = openSync(path.join(dir, 'logs', `${name}.log`), 'a');
  const child = spawn(executable, argv, { cwd, env, stdio: ['ignore', log, log], detached: true });
  closeSync(log);
  child.unref();
  if (child.pid === undefined) throw new Error(`could not start ${executable}`);
  return { pid: child.pid, startTime: processStat(child.pid)?.startTime };
}

/** `up NAME`: a part that was killed or taken down started again as it was first started, until it is ready. */
async function up(name) {
  const state = runningState();
  if (name === 'postgres') {
    const postgres = ownPostgresOf(state);
    if (postgresRuns(postgres)) return progress('postgres already runs');
    pgCtl(postgres, ['start', '-w', '-t', '60', '-l', postgres.log]);
    return progress('postgres started');
  }
  const entry = partOf(state, name);
  if (isOurs(entry)) return progress(`${name} already runs (pid ${entry.pid})`);
  Object.assign(entry, launch(name, entry.spec));
  writeState(state);
  await waitUntilReady(state, name);
  progress(`${name} started again (pid ${entry.pid}) and ready`);
}

/** `down NAME`: SIGTERM to one part, as a deploy stops it (PostgreSQL: a fast shutdown, which ends every session). */
async function down(name) {
  const state = runningState();
  if (name === 'postgres') {
    const postgres = ownPostgresOf(state);
    if (!postgresRuns(postgres)) return progress('postgres is not running');
    pgCtl(postgres, ['stop', '-m', 'fast', '-w', '-t', '30']);
    return progress('postgres stopped');
  }
  const entry = partOf(state, name);
  if (!isOurs(entry)) return progress(`${name} is not running`);
  await end(entry);
  progress(`${name} stopped`);
}

function runningState() {
  const state = readState();
  if (!state?.complete) fatal(`no cluster runs in ${dir}: npm run cluster first`);
  return state;
}

function partOf(state, name) {
  const entry = state.processes.find((candidate) => candidate.name === name);
  if (!entry?.spec?.readyUrl) {
    const parts = state.processes.filter((candidate) => candidate.spec?.readyUrl).map((candidate) => candidate.name);
    fatal(`no part named ${name}: ${[...parts, ...(state.ownPostgres ? ['postgres'] : [])].join(', ')}`);
  }
  return entry;
}

function dataDirOf(name) {
  return path.join(dir, 'data', name);
}

function waitUntilReady(state, name) {
  const entry = state.processes.find((candidate) => candidate.name === name);
  return waitUntil(state, name, entry.spec.readyUrl);
}

async function waitUntil(state, name, url, timeoutMs = READY_TIMEOUT_MS) {
  const entry = state.processes.find((candidate) => candidate.name === name);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await answers(url)) return;
    if (entry && !isOurs(entry)) throw new Error(`${name} exited:\n${tail(name)}`);
    await sleep(250);
  }
  throw new Error(`${name} was not ready after ${timeoutMs / 1000} s (${url}):\n${tail(name)}`);
}

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3_000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

function tail(name) {
  try {
    return readFileSync(path.join(dir, 'logs', `${name}.log`), 'utf8')
      .split('\n')
      .slice(-25)
      .join('\n');
  } catch {
    return '(no log)';
  }
}

// --- nginx ---------------------------------------------------------------------------------------------

function startNginx(state, port, apiPorts) {
  const prefix = path.join(dir, 'nginx');
  mkdirSync(prefix, { recursive: true });
  const config = path.join(prefix, 'nginx.conf');
  writeFileSync(config, nginxConfig(prefix, port, apiPorts));
  const checked = spawnSync('nginx', ['-t', '-q', '-p', prefix, '-c', config], { encoding: 'utf8' });
  if (checked.status !== 0) throw new Error(`nginx refused its configuration:\n${checked.stderr}`);
  startProcess(
    state,
    'nginx',
    'nginx',
    ['-p', prefix, '-c', config],
    {},
    { cwd: prefix, readyUrl: `http://127.0.0.1:${port}/api/health/ready` },
  );
}

/** The load balancer: docs/deploy.md shows the same for real machines. */
function nginxConfig(prefix, port, apiPorts) {
  const logs = path.join(dir, 'logs');
  return `# Generated by scripts/cluster.mjs
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${logs}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log ${logs}/nginx-access.log;
  client_body_temp_path ${prefix}/client_body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;

  upstream spatia {
${apiPorts.map((apiPort) => `    server 127.0.0.1:${apiPort} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 64;
  }

  server {
    listen 127.0.0.1:${port};
    client_max_body_size 50m;
    # A process that is gone (refused, or no answer to the connection in 2 s) costs a request nothing: it goes
    # to the other one, whatever its method, as nothing of it was sent yet (proxy_next_upstream's default).
    proxy_connect_timeout 2s;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;

    location /api/tus {
      client_max_body_size 0;
      proxy_request_buffering off;
      proxy_read_timeout 600s;
      proxy_pass http://spatia;
    }

    location / {
      proxy_pass http://spatia;
    }
  }
}
`;
}

// --- object store --------------------------------------------------------------------------------------

async function startObjectStore(state) {
  if (process.env.CLUSTER_OBJECT_STORE !== 's3rver') {
    if (['radosgw', 'ceph-mon', 'ceph-osd'].every(hasCommand)) {
      try {
        return await startRadosgw(state);
      } catch (error) {
        progress(`radosgw did not start (${error.message.split('\n')[0]}): using the s3rver stand-in instead`);
        for (const entry of state.processes.filter((candidate) => /^(ceph|radosgw)/.test(candidate.name))) await end(entry);
      }
    } else {
      progress('Ceph is not installed: using the s3rver stand-in');
    }
  }
  return startS3rver(state);
}

/** Ceph on one node: a monitor, one OSD keeping objects in memory (memstore) and radosgw, its S3 service. */
async function startRadosgw(state) {
  progress('starting Ceph (one monitor, one memstore OSD) and radosgw');
  const ceph = path.join(dir, 'ceph');
  for (const folder of ['mon/ceph-a', 'osd/ceph-0', 'run']) mkdirSync(path.join(ceph, folder), { recursive: true });
  const [monPort, rgwPort] = await freePorts(2);
  const conf = path.join(ceph, 'ceph.conf');
  const keyring = path.join(ceph, 'keyring');
  const fsid = randomUUID();
  writeFileSync(
    conf,
    `[global]
fsid = ${fsid}
mon host = v2:127.0.0.1:${monPort}
mon initial members = a
public addr = 127.0.0.1
ms bind ipv6 = false
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon allow pool size one = true
mon warn on pool no redundancy = false
osd objectstore = memstore
memstore device bytes = 1073741824
osd crush chooseleaf type = 0
run dir = ${ceph}/run
admin socket = ${ceph}/run/$name.asok
log file = ${dir}/logs/ceph-$name.log
mon data = ${ceph}/mon/$cluster-$id
osd data = ${ceph}/osd/$cluster-$id
keyring = ${keyring}
[client.rgw]
rgw frontends = beast endpoint=127.0.0.1:${rgwPort}
`,
  );
  const quiet = (executable, argv) => execFileSync(executable, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  quiet('ceph-authtool', ['--create-keyring', keyring, '--gen-key', '-n', 'mon.', '--cap', 'mon', 'allow *']);
  quiet('ceph-authtool', [
    keyring,
    '--gen-key',
    '-n',
    'client.admin',
    '--cap',
    'mon',
    'allow *',
    '--cap',
    'osd',
    'allow *',
    '--cap',
    'mgr',
    'allow *',
  ]);
  quiet('ceph-authtool', [
    keyring,
    '--gen-key',
    '-n',
    'osd.0',
    '--cap',
    'mon',
    'allow profile osd',
    '--cap',
    'osd',
    'allow *',
    '--cap',
    'mgr',
    'allow profile osd',
  ]);
  quiet('ceph-authtool', [
    keyring,
    '--gen-key',
    '-n',
    'client.rgw',
    '--cap',
    'mon',
    'allow rw',
    '--cap',
    'osd',
    'allow rwx',
    '--cap',
    'mgr',
    'allow rw',
  ]);
  quiet('monmaptool', ['--create', '--addv', 'a', `[v2:127.0.0.1:${monPort}]`, '--fsid', fsid, path.join(ceph, 'monmap')]);
  quiet('ceph-mon', ['-c', conf, '--mkfs', '-i', 'a', '--monmap', path.join(ceph, 'monmap'), '--keyring', keyring]);
  startProcess(state, 'ceph-mon', 'ceph-mon', ['-f', '-c', conf, '-i', 'a'], {}, { cwd: ceph });
  const osdUuid = randomUUID();
  quiet('ceph', ['-c', conf, '--connect-timeout', '30', 'osd', 'new', osdUuid, '0']);
  quiet('ceph-osd', ['-c', conf, '-i', '0', '--mkfs', '--osd-uuid', osdUuid]);
  startProcess(state, 'ceph-osd', 'ceph-osd', ['-f', '-c', conf, '-i', '0'], {}, { cwd: ceph });
  startProcess(state, 'radosgw', 'radosgw', ['-f', '-c', conf, '-n', 'client.rgw'], {}, { cwd: ceph });
  await waitUntil(state, 'radosgw', `http://127.0.0.1:${rgwPort}/`, 90_000);
  const accessKeyId = randomBytes(10).toString('hex').toUpperCase();
  const secretAccessKey = randomBytes(20).toString('hex');
  quiet('radosgw-admin', [
    '-c',
    conf,
    'user',
    'create',
    '--uid=spatia',
    '--display-name=Spatia',
    `--access-key=${accessKeyId}`,
    `--secret=${secretAccessKey}`,
  ]);
  const s3 = {
    kind: 'radosgw',
    endpoint: `http://127.0.0.1:${rgwPort}`,
    region: 'us-east-1',
    bucket: BUCKET,
    accessKeyId,
    secretAccessKey,
  };
  await createBucket(s3);
  return s3;
}

/** The storage tests' stand-in (apps/server/src/test/s3-stand-in.ts) as a process: s3rver with the calls it lacks. */
async function startS3rver(state) {
  progress('starting the s3rver stand-in');
  const settings = path.join(dir, 's3rver.json');
  startProcess(
    state,
    's3rver',
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/test/s3-stand-in-main.ts', settings],
    {},
    { cwd: root },
  );
  const deadline = Date.now() + 30_000;
  while (!existsSync(settings)) {
    if (Date.now() > deadline) throw new Error(`the s3rver stand-in did not start:\n${tail('s3rver')}`);
    await sleep(100);
  }
  await sleep(50); // written in one call; let it land
  return { kind: 's3rver', ...JSON.parse(readFileSync(settings, 'utf8')) };
}

async function createBucket(s3) {
  const { S3Client, CreateBucketCommand } = requireFromServer('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
      return;
    } catch (error) {
      // radosgw answers before its pools exist, and the new user may take a moment to be seen.
      if (Date.now() > deadline) throw new Error(`could not create the bucket: ${error.message}`, { cause: error });
      await sleep(500);
    }
  }
}

// --- PostgreSQL and Redis -----------------------------------------------------------------------------

/**
 * `--own-postgres`: a PostgreSQL server of the cluster's own, made with Debian's binaries (the newest
 * /usr/lib/postgresql/N/bin) in .cluster/postgres, on a free port of loopback, with no durability (fsync
 * off: the cluster's data is thrown away). It runs as the `postgres` user when this script runs as root,
 * which initdb and postgres refuse to be. Answers its admin URL.
 */
async function startOwnPostgres(state) {
  const bin = postgresBinaries();
  const home = path.join(dir, 'postgres');
  const [port] = await freePorts(1);
  const postgres = { bin, data: path.join(home, 'data'), log: path.join(home, 'postgres.log'), port, user: postgresUser() };
  mkdirSync(home, { recursive: true });
  if (postgres.user) chownSync(home, postgres.user.uid, postgres.user.gid);
  state.ownPostgres = postgres;
  writeState(state);
  progress(`starting a PostgreSQL of its own (${bin}) on port ${port}`);
  const made = asPostgres(postgres, 'initdb', [
    '-D',
    postgres.data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--no-locale',
  ]);
  if (made.status !== 0) throw new Error(`initdb failed: ${made.stderr || made.stdout}`);
  appendFileSync(
    path.join(postgres.data, 'postgresql.conf'),
    `
# scripts/cluster.mjs: loopback only, no Unix socket, nothing kept durable
listen_addresses = '127.0.0.1'
port = ${port}
unix_socket_directories = ''
max_connections = 100
shared_buffers = 32MB
fsync = off
synchronous_commit = off
full_page_writes = off
`,
  );
  pgCtl(postgres, ['start', '-w', '-t', '60', '-l', postgres.log]);
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

function postgresBinaries() {
  const versions = (() => {
    try {
      return readdirSync('/usr/lib/postgresql');
    } catch {
      return [];
    }
  })()
    .filter((version) => existsSync(path.join('/usr/lib/postgresql', version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) throw new Error('--own-postgres needs initdb and pg_ctl: apt-get install postgresql');
  return path.join('/usr/lib/postgresql', versions[0], 'bin');
}

/** The user PostgreSQL's programs run as when this script runs as root (they refuse root): Debian's `postgres`. */
function postgresUser() {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('--own-postgres as root needs the postgres user (apt-get install postgresql)');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function asPostgres(postgres, program, argv) {
  return spawnSync(path.join(postgres.bin, program), argv, {
    cwd: path.dirname(postgres.data),
    env: { PATH: process.env.PATH, LANG: 'C.UTF-8' },
    encoding: 'utf8',
    ...(postgres.user ? { uid: postgres.user.uid, gid: postgres.user.gid } : {}),
  });
}

function pgCtl(postgres, argv) {
  const result = asPostgres(postgres, 'pg_ctl', [...argv, '-D', postgres.data]);
  if (result.status !== 0) {
    let log = '';
    try {
      log = readFileSync(postgres.log, 'utf8').split('\n').slice(-15).join('\n');
    } catch {
      // no log yet
    }
    throw new Error(`pg_ctl ${argv[0]} failed: ${result.stderr || result.stdout}\n${log}`);
  }
}

function postgresRuns(postgres) {
  return asPostgres(postgres, 'pg_ctl', ['status', '-D', postgres.data]).status === 0;
}

function ownPostgresOf(state) {
  if (!state.ownPostgres) fatal("this cluster uses the machine's PostgreSQL, which it never stops: start it with --own-postgres");
  return state.ownPostgres;
}

async function withPostgres(action, url) {
  const { Client } = requireFromServer('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await action(client);
  } finally {
    await client.end();
  }
}

function databaseUrlOf(adminUrl, name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function redisUrlOf(database) {
  const url = new URL(redisBaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A Redis database (an index) of this cluster's own, so that it never meets the test suite's keys (database 0):
 * the highest index that is empty, claimed with a key naming the cluster's folder. One this folder claimed
 * before (a cluster that crashed) is emptied and taken again.
 */
async function claimRedisDatabase() {
  const { Redis } = requireFromServer('ioredis');
  for (let index = 15; index >= 1; index -= 1) {
    const redis = new Redis(redisUrlOf(index), { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      const owner = await redis.get(REDIS_CLAIM_KEY);
      if (owner === dir) await redis.flushdb();
      else if (owner !== null) continue;
      if ((await redis.set(REDIS_CLAIM_KEY, dir, 'NX')) !== 'OK') continue;
      if ((await redis.dbsize()) === 1) return index;
      await redis.del(REDIS_CLAIM_KEY); // someone else's keys live there
    } catch (error) {
      if (/DB index is out of range/i.test(error.message)) continue;
      throw new Error(`Redis at ${redisBaseUrl}: ${error.message}`, { cause: error });
    } finally {
      redis.disconnect();
    }
  }
  throw new Error(`no empty Redis database (1-15) at ${redisBaseUrl}`);
}

async function releaseRedisDatabase(index) {
  const { Redis } = requireFromServer('ioredis');
  const redis = new Redis(redisUrlOf(index), { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    if ((await redis.get(REDIS_CLAIM_KEY)) === dir) await redis.flushdb();
  } catch (error) {
    console.error(`cluster: could not empty Redis database ${index}: ${error.message}`);
  } finally {
    redis.disconnect();
  }
}

// --- the rest ------------------------------------------------------------------------------------------

/** What the topology needs from Debian, installed the way scripts/install-system-deps.sh does. */
function installFromDebian(packages) {
  const missing = packages.filter((name) => spawnSync('dpkg', ['-s', name], { stdio: 'ignore' }).status !== 0);
  if (missing.length === 0) return;
  progress(`installing ${missing.join(' ')} from Debian`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (aptArgs) =>
    spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length ? ['apt-get'] : []), ...aptArgs], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
  apt(['update', '-qq']);
  if (apt(['install', '-y', '-qq', '--no-install-recommends', ...missing]) !== 0) {
    // Ceph is optional (the stand-in replaces it); nginx is not.
    if (missing.includes('nginx') && !hasCommand('nginx')) throw new Error('could not install nginx from Debian');
    progress(`could not install ${missing.join(' ')}`);
  }
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function run(executable, argv) {
  const result = spawnSync(executable, argv, { cwd: root, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error(`${executable} ${argv.join(' ')} failed`);
}

async function freePorts(count) {
  const servers = [];
  const ports = [];
  // Held open together so that no two are the same.
  for (let index = 0; index < count; index += 1) {
    const server = createServer();
    await new Promise((resolve, reject) => server.listen(0, '127.0.0.1', resolve).on('error', reject));
    servers.push(server);
    ports.push(server.address().port);
  }
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

function readState() {
  try {
    return JSON.parse(readFileSync(stateFile, 'utf8'));
  } catch {
    return undefined;
  }
}

function writeState(state) {
  writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`);
}

function printAddresses(addresses) {
  for (const [name, url] of Object.entries(addresses)) console.log(`${name}=${url}`);
}

function progress(message) {
  console.error(`cluster: ${((Date.now() - scriptStartedAt) / 1000).toFixed(1).padStart(5)} s  ${message}`);
}

function fatal(message) {
  console.error(`cluster: ${message}`);
  process.exit(1);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
