#!/usr/bin/env node
// `npm run test:cluster`: starts the cluster (scripts/cluster.mjs), runs the tests of cluster/ against it
// through its load balancer and each API process, and stops it. A cluster that already ran before is used
// and left running. Extra arguments go to `vitest run` (a file, a reporter).
//   node scripts/test-cluster.mjs [vitest args...]
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const stateFile = path.join(path.resolve(process.env.CLUSTER_DIR ?? path.join(root, '.cluster')), 'state.json');
const cluster = path.join(root, 'scripts/cluster.mjs');

const alreadyRunning = existsSync(stateFile) && JSON.parse(readFileSync(stateFile, 'utf8')).complete === true;
const started = spawnSync(process.execPath, [cluster], { cwd: root, stdio: 'inherit' });
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
