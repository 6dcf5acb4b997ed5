#!/usr/bin/env node
// `npm run test:cluster`: starts the cluster (scripts/cluster.mjs) with a PostgreSQL of its own (the
// failure tests stop and start it), runs the tests of cluster/ against it through its load balancer and each
// API process, and stops it. A cluster that already ran before is used as it is and left running (without
// --own-postgres, the test that restarts PostgreSQL is skipped). Extra arguments go to `vitest run`.
//   node scripts/test-cluster.mjs [vitest args...]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const stateFile = path.join(path.resolve(process.env.CLUSTER_DIR ?? path.join(root, '.cluster')), 'state.json');
const cluster = path.join(root, 'scripts/cluster.mjs');

const running = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : undefined;
const alreadyRunning = running?.complete === true;
// The running cluster's own kind (the start checks it still answers), or a new one with its own PostgreSQL.
const kind = alreadyRunning
  ? [...(running.withoutRedis ? ['--without-redis'] : []), ...(running.ownPostgres ? ['--own-postgres'] : [])]
  : ['--own-postgres'];
const started = spawnSync(process.execPath, [cluster, ...kind], { cwd: root, stdio: 'inherit' });
let status = started.status ?? 1;
if (status === 0) {
  const tests = spawnSync('npx', ['vitest', 'run', '--config', 'cluster/vitest.config.ts', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
  });
  status = tests.status ?? 1;
}
if (!alreadyRunning) spawnSync(process.execPath, [cluster, 'stop'], { cwd: root, stdio: 'inherit' });
process.exit(status);
