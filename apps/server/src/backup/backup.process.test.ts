import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { freePort, runEntry, waitForHealth } from '../test/server-process.js';

// The admin command as an operator runs it, on the embedded database; PostgreSQL and S3 are covered by backup-restore.test.ts.
const embeddedOnly = { DATABASE_URL: '', DEMO_WORKS: 'false' };

describe('npm run admin -- backup / restore', () => {
  it('backs up through the running server, and restores into an empty DATA_DIR only', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'spatia-backup-process-'));
    const live = { ...embeddedOnly, DATA_DIR: path.join(root, 'live'), PORT: String(await freePort()), ADMIN_PHONE: '13811115555' };
    mkdirSync(path.join(live.DATA_DIR, 'storage', 'assets', 'ab'), { recursive: true });
    writeFileSync(path.join(live.DATA_DIR, 'storage', 'assets', 'ab', 'photo.jpg'), 'jpeg bytes');
    const server = runEntry('src/server.ts', live);
    await waitForHealth(`http://127.0.0.1:${live.PORT}`, server);
    const archive = path.join(root, 'spatia.tar.gz');

    const backup = runEntry('src/cli/admin.ts', live, ['backup', archive]);
    expect(await backup.exited).toBe(0);
    expect(backup.output()).toMatch(/The server \(pid \d+\) holds .*: it writes the backup/);
    expect(backup.output()).toMatch(/public\.users: 1 row\n/);
    expect(backup.output()).toMatch(/Backup written: .*spatia\.tar\.gz \(.*\) in [\d.]+ s: \d+ tables, [\d,]+ rows, 1 file \(10 bytes\)/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(live.DATA_DIR, 'backup.sock'))).toBe(false);

    const fresh = { ...embeddedOnly, DATA_DIR: path.join(root, 'fresh') };
    const restore = runEntry('src/cli/admin.ts', fresh, ['restore', archive]);
    expect(await restore.exited).toBe(0);
    expect(restore.output()).toMatch(/Archive checked: \d+ tables, [\d,]+ rows, 1 file/);
    expect(restore.output()).toMatch(/Restored .*spatia\.tar\.gz in [\d.]+ s: \d+ tables, [\d,]+ rows, 1 file \(10 bytes\)/);
    expect(readFileSync(path.join(fresh.DATA_DIR, 'storage', 'assets', 'ab', 'photo.jpg'), 'utf8')).toBe('jpeg bytes');

    const restored = await PGlite.create(path.join(fresh.DATA_DIR, 'db'));
    try {
      expect((await restored.query('select phone from users')).rows).toEqual([{ phone: '13811115555' }]);
    } finally {
      await restored.close();
    }
  }, 240_000);
});
