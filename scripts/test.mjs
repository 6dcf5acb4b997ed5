#!/usr/bin/env node
// `npm test`: every tier of tests, ending with one summary line.
//   1. build (the end-to-end tests run the built server and web app), then the gates of `npm run check`:
//      formatting (Prettier), lint (ESLint, type-aware) and type checks of every package, tests included,
//      and the web's API types against the server's API description
//   2. unit and API tests of every package on the embedded database (PGlite)
//   3. the server's database tests again on PostgreSQL, when DATABASE_URL is set
//   4. with --cluster (CI does): the multi-process topology of docs/deploy.md started by scripts/cluster.mjs
//      (nginx, two APIs, two workers, PostgreSQL, Redis, radosgw), and the tests of cluster/ through it
//   5. end-to-end journeys in Chromium
// Pass --skip-e2e to leave out step 5.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const reports = mkdtempSync(path.join(os.tmpdir(), 'spatia-test-reports-'));
// The embedded pass and the journeys run on the defaults a fresh machine has: no PostgreSQL, no Redis.
const { DATABASE_URL, REDIS_URL: redisUrl, ...embeddedEnv } = process.env;
const totals = { passed: 0, failed: 0, skipped: 0 };
// What can behave differently on PostgreSQL: everything that reaches the database. The media code,
// drivers and libraries never do, and their tests (the slowest: real images and point clouds) run once. So
// does src/server.process.test.ts: it starts real servers on the embedded database whatever DATABASE_URL says
// (as does src/backup/backup.process.test.ts; the archive format's own test never touches a database).
const DATABASE_TEST_FOLDERS = [
  'apps/server/src/modules/',
  'apps/server/src/plugins/',
  'apps/server/src/jobs/',
  'apps/server/src/db/',
  'apps/server/src/cli/',
  'apps/server/src/backup/backup-restore.test.ts',
  'apps/server/src/backup/storage-holds.test.ts',
];
const failedSteps = [];

step('build', () => run('node', ['scripts/build.mjs'], process.env));
// Prettier, ESLint and tsc each keep one core busy: side by side they take about the time of the longest (ESLint).
step('format (Prettier), lint (ESLint) and type checks, side by side', () =>
  run(
    'bash',
    [
      '-c',
      `npm run --silent format > "$1" 2>&1 & format=$!
       npm run --silent lint > "$2" 2>&1 & lint=$!
       npm run --silent typecheck > "$3" 2>&1 & types=$!
       wait $format; formatStatus=$?; wait $lint; lintStatus=$?; wait $types; typesStatus=$?
       cat "$1" "$2" "$3"
       echo "format: exit $formatStatus, lint: exit $lintStatus, type checks: exit $typesStatus"
       exit $((formatStatus | lintStatus | typesStatus))`,
      'gates',
      path.join(reports, 'format.txt'),
      path.join(reports, 'lint.txt'),
      path.join(reports, 'typecheck.txt'),
    ],
    process.env,
  ),
);
// The web's API types (apps/web/src/api/schema.gen.ts) match what the server's route schemas describe now.
step('API types are current', () => run('node', ['scripts/generate-api-types.mjs', '--check'], process.env));

step('unit and API tests (PGlite)', () => {
  const report = path.join(reports, 'vitest-pglite.json');
  const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], embeddedEnv);
  return countVitest(report, status);
});

if (DATABASE_URL) {
  step('server tests (PostgreSQL)', () => {
    const report = path.join(reports, 'vitest-postgres.json');
    const status = run(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'server',
        ...DATABASE_TEST_FOLDERS,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      process.env,
    );
    return countVitest(report, status);
  });
}

if (process.argv.includes('--cluster')) {
  step('cluster: nginx, two APIs, two workers, PostgreSQL, Redis, S3', () => {
    const report = path.join(reports, 'vitest-cluster.json');
    // The cluster makes its own database and Redis database on the servers these point at.
    const status = run('node', ['scripts/test-cluster.mjs', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
      ...process.env,
      ...(DATABASE_URL ? { CLUSTER_DATABASE_URL: DATABASE_URL } : {}),
      ...(redisUrl ? { CLUSTER_REDIS_URL: redisUrl } : {}),
    });
    return countVitest(report, status);
  });
}

if (!process.argv.includes('--skip-e2e')) {
  step('end-to-end journeys (Chromium)', () => {
    const report = path.join(reports, 'playwright.json');
    // No traces: even without their film, six journeys took 1.5 min with them and 1.1 without. A failure is rerun
    // alone (npm run test:e2e -- <spec>) to get its trace. No screenshots either (e2e/support/session.ts, `snap`):
    // a journey run alone takes them for people to look at; a failure still leaves its own.
    const status = run('node', ['scripts/e2e.mjs'], {
      E2E_TRACE: 'off',
      E2E_SCREENSHOTS: 'off',
      ...embeddedEnv,
      PLAYWRIGHT_JSON_OUTPUT_FILE: report,
    });
    return countPlaywright(report, status);
  });
}

console.log('');
if (failedSteps.length > 0) console.log(`failed steps: ${failedSteps.join('; ')}`);
console.log(`total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);

function step(name, action) {
  console.log(`\n=== ${name} ===`);
  const result = action();
  if (typeof result === 'number') {
    if (result !== 0) failedSteps.push(name);
    return;
  }
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.skipped;
  if (!result.ok) failedSteps.push(name);
}

function run(command, args, env) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  return result.status ?? 1;
}

function countVitest(report, status) {
  if (!existsSync(report)) return { passed: 0, failed: 1, skipped: 0, ok: false };
  const json = JSON.parse(readFileSync(report, 'utf8'));
  return {
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
    ok: status === 0,
  };
}

function countPlaywright(report, status) {
  if (!existsSync(report)) return { passed: 0, failed: 1, skipped: 0, ok: false };
  const { stats } = JSON.parse(readFileSync(report, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped, ok: status === 0 };
}
