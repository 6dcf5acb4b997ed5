import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

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
