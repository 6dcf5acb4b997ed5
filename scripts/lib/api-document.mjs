// Prints the server's OpenAPI document (what `/api/openapi.json` serves) as JSON on stdout, without a
// network port or an outside database: the app is built on an in-memory PGlite database in a scratch
// data folder, asked for its document, and closed. Run by scripts/generate-api-types.mjs under tsx with
// the `source` condition, so the server's TypeScript is read as it stands.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/config.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-api-document-'));
try {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    // Every optional route the web calls is described: WeChat sign-in has its routes only when configured.
    WECHAT_APP_ID: 'document',
    WECHAT_APP_SECRET: 'document',
  });
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const app = await buildApp(config, { jobs: 'manual', database });
  try {
    await app.ready();
    process.stdout.write(JSON.stringify(app.swagger()));
  } finally {
    await app.close();
    await database.close();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
