#!/usr/bin/env node
// End-to-end run: build if needed, seed a fresh embedded database, start the real server on a free
// port, run Playwright against it, stop the server. Extra arguments go to `playwright test`.
//   node scripts/e2e.mjs [playwright args...]     e.g. node scripts/e2e.mjs e2e/login-redirect.spec.ts
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWechatStandIn } from '../e2e/support/wechat-stand-in.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const serverEntry = path.join(root, 'apps/server/dist/server.js');

/** Seeded accounts; e2e/support/session.ts holds the same values. */
const accounts = [
  { phone: '13800000001', password: 'Admin#2026pass', fullName: 'Administrator', roles: ['admin'], permissionIds: [] },
  { phone: '13800000002', password: 'User#2026pass', fullName: 'Test User', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  { phone: '13800000003', password: 'Reset#2026pass', fullName: 'Reset User', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  {
    phone: '13800000004',
    password: 'Survey#2026pass',
    fullName: 'Survey User',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163, 460],
  },
  { phone: '13800000005', password: 'Withdraw#2026', fullName: 'Withdraw Zh', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  { phone: '13800000006', password: 'Withdraw#2026', fullName: 'Withdraw En', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  // The membership renewal journey's trial members, one per language (their trial and balance: e2e/support/membership.ts).
  { phone: '13800000007', password: 'Renew#2026', fullName: 'Renew Zh', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  { phone: '13800000008', password: 'Renew#2026', fullName: 'Renew En', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  // The market journey's sellers and buyers, one per language (their works and balance: e2e/support/market.ts).
  { phone: '13800000009', password: 'Market#2026', fullName: 'Seller Zh', roles: ['photographer'], permissionIds: [161, 162, 35, 37, 163] },
  { phone: '13800000010', password: 'Market#2026', fullName: 'Seller En', roles: ['photographer'], permissionIds: [161, 162, 35, 37, 163] },
  { phone: '13800000011', password: 'Market#2026', fullName: 'Buyer Zh', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  { phone: '13800000012', password: 'Market#2026', fullName: 'Buyer En', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  // The service-order journeys' people (their balance, signing and work: e2e/support/service-orders.ts).
  {
    phone: '13800000021',
    password: 'Shoot#2026',
    fullName: 'Shoot Customer Zh',
    roles: ['customer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  {
    phone: '13800000022',
    password: 'Shoot#2026',
    fullName: 'Shoot Customer En',
    roles: ['customer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  { phone: '13800000023', password: 'Shoot#2026', fullName: 'Shoot Merchant', roles: ['merchant'], permissionIds: [161, 162, 35, 37, 163] },
  {
    phone: '13800000024',
    password: 'Shoot#2026',
    fullName: 'Shoot Photographer Zh',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  {
    phone: '13800000025',
    password: 'Shoot#2026',
    fullName: 'Shoot Photographer En',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  // The signing journeys' applicants (e2e/service-orders-admin.spec.ts): one fills the form, one is approved.
  {
    phone: '13800000029',
    password: 'Sign#2026',
    fullName: 'Sign Form Photographer',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  {
    phone: '13800000030',
    password: 'Sign#2026',
    fullName: 'Sign Approve Photographer',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  // The people journeys (e2e/people.spec.ts): who follows whom, and a homepage with a work, one pair per language.
  { phone: '13800000031', password: 'People#2026', fullName: 'Follow Zh A', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  { phone: '13800000032', password: 'People#2026', fullName: 'Follow Zh B', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  {
    phone: '13800000033',
    password: 'People#2026',
    fullName: 'Home En Owner',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  {
    phone: '13800000034',
    password: 'People#2026',
    fullName: 'Home En Visitor',
    roles: ['customer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  // The rental journeys (e2e/renting-house.spec.ts): an owner per language, and a visitor who asks for a number.
  {
    phone: '13800000062',
    password: 'Rental#2026',
    fullName: 'Rental Owner Zh',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  {
    phone: '13800000063',
    password: 'Rental#2026',
    fullName: 'Rental Owner En',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  {
    phone: '13800000064',
    password: 'Rental#2026',
    fullName: 'Rental Visitor',
    roles: ['customer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  // Binding Alipay by authorization (e2e/alipay-authorization.spec.ts): one person per language, and one who cancels.
  { phone: '13800000090', password: 'Alipay#2026', fullName: 'Alipay Zh', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  { phone: '13800000091', password: 'Alipay#2026', fullName: 'Alipay En', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  { phone: '13800000092', password: 'Alipay#2026', fullName: 'Alipay Cancel', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  // The phone upload journeys (e2e/space-upload.spec.ts), one per language.
  { phone: '13800000115', password: 'Upload#2026', fullName: 'Upload Zh', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  { phone: '13800000116', password: 'Upload#2026', fullName: 'Upload En', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  // The team journey's superiors, one chain per language: 42 invited by 41, 45 by 44 (e2e/support/team.ts).
  { phone: '13800000041', password: 'Team#2026', fullName: 'Team Lead Zh', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  {
    phone: '13800000042',
    password: 'Team#2026',
    fullName: 'Team Member Zh',
    roles: ['customer'],
    permissionIds: [161, 162, 35, 37, 163],
    invitedBy: '13800000041',
  },
  { phone: '13800000044', password: 'Team#2026', fullName: 'Team Lead En', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  {
    phone: '13800000045',
    password: 'Team#2026',
    fullName: 'Team Member En',
    roles: ['customer'],
    permissionIds: [161, 162, 35, 37, 163],
    invitedBy: '13800000044',
  },
  // The articles journey's editors (e2e/articles.spec.ts), one per language.
  { phone: '13800000050', password: 'Article#2026', fullName: '内容编辑', roles: ['admin'], permissionIds: [] },
  { phone: '13800000051', password: 'Article#2026', fullName: 'Content Editor', roles: ['admin'], permissionIds: [] },
  // The brand pages journey (e2e/showcase.spec.ts): an owner with permission 42, and someone without it.
  {
    phone: '13800000065',
    password: 'Brand#2026',
    fullName: 'Brand Owner',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163, 42],
  },
  { phone: '13800000066', password: 'Brand#2026', fullName: 'Brand Outsider', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  // The narrated-guide journeys (e2e/explain.spec.ts): an owner with permission 962 per language, and one without it.
  {
    phone: '13800000068',
    password: 'Explain#2026',
    fullName: 'Guide Owner Zh',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163, 962],
  },
  {
    phone: '13800000069',
    password: 'Explain#2026',
    fullName: 'Guide Owner En',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163, 962],
  },
  {
    phone: '13800000070',
    password: 'Explain#2026',
    fullName: 'No Guide Customer',
    roles: ['customer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  // The search journeys (e2e/search.spec.ts): a photographer per language, found by the start of their name.
  { phone: '13800000056', password: 'Search#2026', fullName: '澜庭影像', roles: ['photographer'], permissionIds: [161, 162, 35, 37, 163] },
  {
    phone: '13800000057',
    password: 'Search#2026',
    fullName: '汀兰 Studio',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  // The space pages journeys (e2e/spaces.spec.ts): an owner per language and viewport, and a visitor.
  ...['13800000110', '13800000111', '13800000112', '13800000113'].map((phone) => ({
    phone,
    password: 'Space#2026',
    fullName: `Space Owner ${phone.slice(-3)}`,
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163],
  })),
  { phone: '13800000114', password: 'Space#2026', fullName: 'Space Visitor', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  // The site pages journey's operator (e2e/site-pages.spec.ts): edits, publishes and restores the product page.
  { phone: '13800000053', password: 'Site#2026', fullName: 'Site Operator', roles: ['admin'], permissionIds: [] },
  // The space shop journeys (e2e/space-shop.spec.ts): a seller with a space and a buyer per language.
  { phone: '13800000125', password: 'Shop#2026', fullName: '河畔影像', roles: ['photographer'], permissionIds: [161, 162, 35, 37, 163] },
  {
    phone: '13800000126',
    password: 'Shop#2026',
    fullName: 'Riverside Studio',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  { phone: '13800000127', password: 'Shop#2026', fullName: 'Shop Buyer Zh', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  { phone: '13800000128', password: 'Shop#2026', fullName: 'Shop Buyer En', roles: ['customer'], permissionIds: [161, 162, 35, 37, 163] },
  // The mobile pay journey (e2e/mobile-pay.spec.ts): a seller, a buyer per language with an empty balance, a stranger.
  {
    phone: '13800000120',
    password: 'MobilePay#2026',
    fullName: 'Phone Seller',
    roles: ['photographer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  {
    phone: '13800000121',
    password: 'MobilePay#2026',
    fullName: 'Phone Buyer Zh',
    roles: ['customer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  {
    phone: '13800000122',
    password: 'MobilePay#2026',
    fullName: 'Phone Buyer En',
    roles: ['customer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
  {
    phone: '13800000123',
    password: 'MobilePay#2026',
    fullName: 'Phone Stranger',
    roles: ['customer'],
    permissionIds: [161, 162, 35, 37, 163],
  },
];

function run(command, args, env = process.env) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit', env });
}

function build() {
  if (existsSync(path.join(root, 'scripts/build.mjs'))) {
    run(process.execPath, ['scripts/build.mjs']);
  } else {
    run('npx', ['tsc', '-b', 'apps/server']);
    run('npm', ['run', 'build', '-w', '@spatia/web']);
  }
}

/**
 * Creates the accounts through the same service as `npm run admin -- create-user`, in this one process:
 * one database start instead of one per account.
 */
async function seed(env) {
  const dist = (file) => import(path.join(root, 'apps/server/dist', file));
  const [{ loadConfig }, { openDatabase }, { MemoryCache }, { UsersService }] = await Promise.all([
    dist('config/config.js'),
    dist('db/database.js'),
    dist('lib/cache.js'),
    dist('modules/users/users.service.js'),
  ]);
  const database = await openDatabase(loadConfig(env).database);
  try {
    const users = UsersService.on(database.db, new MemoryCache());
    // `invitedBy` names an account seeded before it (its superior, spec 6).
    const ids = new Map();
    for (const { invitedBy, ...account } of accounts) {
      const { id } = await users.createUser({ ...account, invitedByUserId: invitedBy ? ids.get(invitedBy) : undefined });
      ids.set(account.phone, id);
    }
  } finally {
    await database.close();
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl, server, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before it was ready`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer ${baseUrl}/api/health within ${timeoutMs / 1000} s`);
}

function stop(server) {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

build();

const dataDir = mkdtempSync(path.join(tmpdir(), 'spatia-e2e-'));
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: process.env.NODE_ENV ?? 'production' };
delete env.DATABASE_URL;
await seed(env);

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// WeChat sign-in goes to a local stand-in of WeChat's OAuth service.
const wechat = await startWechatStandIn();
const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  // No APP_APK_URL: the client-download dialog shows what a new install shows, the site's own download page.
  // The footer's filings, which a new install leaves out, so that the journeys see them. The journeys
  // read their SMS codes from the development outbox.
  env: {
    SITE_CERTIFICATE_NUMBERS: '软著登字第0000001号, 软著登字第0000002号',
    SITE_ICP_RECORD: '沪ICP备00000000号-1',
    SITE_PSB_RECORD: '沪公网安备31010400000000号',
    ...env,
    ...wechat.env,
    SMS_DEV_OUTBOX: 'true',
    // Every journey signs its people up from this one address: far more codes an hour than a real one asks for.
    SMS_CODES_PER_ADDRESS_PER_HOUR: '100000',
    // The journeys bring their own works; processing the demo point cloud would only load the machine.
    DEMO_WORKS: 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});

let status = 1;
try {
  await waitForHealth(baseUrl, server);
  const playwright = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    cwd: root,
    env: { ...process.env, BASE_URL: baseUrl },
    stdio: 'inherit',
  });
  status = await new Promise((resolve) => playwright.once('exit', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stop(server);
  await wechat.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);
