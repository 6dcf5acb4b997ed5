import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentProcess, processIsGone } from './process-identity.js';

/**
 * The embedded database belongs to one process: PGlite takes no lock of its own, and two processes
 * opening the same directory corrupt it. The holder writes its pid (and, on Linux, its start time) into
 * DATA_DIR/server.lock; a lock whose process is gone from this host is stale and taken over at once: no
 * such pid, a zombie not yet reaped (a start right after `kill -9`), or a pid now used by another process
 * (a container's next start reuses the same small pids).
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by ${holder.purpose} (pid ${holder.pid} on ${holder.host}). ` +
        'Stop that process first, or use PostgreSQL (DATABASE_URL) to run several processes at once.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockHolder {
  pid: number;
  host: string;
  purpose: string;
  /** The holder's start time in clock ticks since boot (Linux); absent in locks written before it was recorded. */
  started?: number;
}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string, purpose: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  const me: LockHolder = { ...currentProcess(), host: os.hostname(), purpose };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(lockFile, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(lockFile);
      if (holder && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockFile}`);
}

function readHolder(lockFile: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(lockFile, 'utf8')) as LockHolder;
    return typeof holder.pid === 'number' ? holder : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(holder: LockHolder): boolean {
  // A lock written on another host (a shared volume) cannot be checked from here: respect it.
  if (holder.host !== os.hostname()) return true;
  const started = typeof holder.started === 'number' ? holder.started : undefined;
  // Our own pid without a start time: an earlier process that had this pid, since this one records its start.
  if (holder.pid === process.pid && started === undefined && currentProcess().started !== undefined) return false;
  return !processIsGone({ pid: holder.pid, started });
}
