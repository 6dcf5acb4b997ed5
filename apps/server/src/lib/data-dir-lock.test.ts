import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';
import { identityOf } from './process-identity.js';

function tempDir() {
  return mkdtempSync(path.join(os.tmpdir(), 'spatia-lock-'));
}

describe('lockDataDir', () => {
  it('refuses a second holder while the first holds it, and frees it on release', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir, 'the Spatia server');
    expect(() => lockDataDir(dir, 'the admin command')).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir, 'the admin command')).toThrow(/in use by the Spatia server/);
    lock.release();
    lockDataDir(dir, 'the admin command').release();
  });

  it('takes over a lock whose process is gone', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), purpose: 'old' }));
    const lock = lockDataDir(dir, 'the Spatia server');
    lock.release();
  });

  it('respects a lock written on another host', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: 1, host: 'elsewhere', purpose: 'the Spatia server' }));
    expect(() => lockDataDir(dir, 'x')).toThrow(/pid 1 on elsewhere/);
  });
});

describe('lockDataDir after a crash', () => {
  it('takes at once the lock of a holder killed with -9 a moment ago, not yet reaped (a zombie)', async () => {
    const dir = tempDir();
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const lockModule = pathToFileURL(fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url))).href;
    const holder = spawn(
      process.execPath,
      [
        '--import',
        tsx,
        '--input-type=module',
        '-e',
        `import { lockDataDir } from ${JSON.stringify(lockModule)}; lockDataDir(${JSON.stringify(dir)}, 'the Spatia server'); console.log('locked'); setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
      holder.once('exit', (code) => reject(new Error(`the holder exited (${code})`)));
    });
    expect(() => lockDataDir(dir, 'the admin command')).toThrow(DataDirLockedError);
    holder.kill('SIGKILL');
    // Half a second without returning to the event loop, which is what reaps a child: a restart that
    // comes before the killed server's parent has reaped it.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
    expect(readFileSync(`/proc/${holder.pid}/stat`, 'utf8')).toMatch(/\) Z /);
    lockDataDir(dir, 'the Spatia server').release();
  });

  it('takes a lock whose pid now belongs to another process (a different start time), or to this one', () => {
    const dir = tempDir();
    const parent = identityOf(process.ppid);
    writeFileSync(
      path.join(dir, 'server.lock'),
      JSON.stringify({ pid: parent.pid, started: parent.started! + 1, host: os.hostname(), purpose: 'old' }),
    );
    lockDataDir(dir, 'the Spatia server').release();
    // Written by an earlier process that had this pid (a container's restart), before start times were recorded.
    writeFileSync(path.join(dir, 'server.lock'), JSON.stringify({ pid: process.pid, host: os.hostname(), purpose: 'old' }));
    lockDataDir(dir, 'the Spatia server').release();
  });

  it('still respects a live holder named by its pid and start time', () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, 'server.lock'),
      JSON.stringify({ ...identityOf(process.ppid), host: os.hostname(), purpose: 'the Spatia server' }),
    );
    expect(() => lockDataDir(dir, 'x')).toThrow(DataDirLockedError);
  });
});
