import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * Whether a process that left something behind (a lock, a scratch folder) still runs. A process id
 * alone is not enough: a process killed a moment ago stays a zombie until its parent reaps it (and
 * `kill(pid, 0)` still succeeds), and in a container the next start often gets the same small pids, so
 * an old lock's pid can belong to a new, unrelated process. On Linux a process is therefore named by
 * its pid and its start time (clock ticks since boot, from /proc), which no later process repeats.
 */
export interface ProcessIdentity {
  pid: number;
  /** Start time in clock ticks since boot; undefined where /proc cannot tell (not Linux). */
  started?: number;
}

interface ProcStat {
  state: string;
  started: number;
}

/** This process. */
export function currentProcess(): ProcessIdentity {
  return identityOf(process.pid);
}

/** A process of this host as it runs now (no start time where /proc cannot tell, or it is gone). */
export function identityOf(pid: number): ProcessIdentity {
  return { pid, started: procStat(pid)?.started };
}

/**
 * True when the process is gone: no such pid, a zombie, or another process now holding its pid (a
 * different start time). Only meaningful for processes of this host.
 */
export function processIsGone(identity: ProcessIdentity): boolean {
  if (identity.pid === process.pid) return identity.started !== undefined && identity.started !== currentProcess().started;
  if (hasProc()) {
    const stat = procStat(identity.pid);
    if (!stat) return true;
    // Z: a zombie, X: dead; either way it holds nothing any more.
    if (stat.state === 'Z' || stat.state === 'X') return true;
    return identity.started !== undefined && identity.started !== stat.started;
  }
  try {
    process.kill(identity.pid, 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}

/** A short tag of this host's name, for names of files several hosts (or containers) might share. */
export function hostTag(): string {
  return createHash('sha256').update(os.hostname()).digest('hex').slice(0, 8);
}

/**
 * `{pid}-{start ticks}-{host tag}`: a name part that tells which process made a file and whether it is
 * gone (`tagIsGone`).
 */
export function processTag(identity: ProcessIdentity = currentProcess()): string {
  return `${identity.pid}-${identity.started ?? 0}-${hostTag()}`;
}

export const PROCESS_TAG_PATTERN = '(\\d+)-(\\d+)-([0-9a-f]{8})';

/**
 * True when a tag from `processTag` names a process of this host that is gone; false while it runs,
 * and for tags of other hosts (which cannot be checked from here).
 */
export function tagIsGone(pid: number, started: number, tag: string): boolean {
  if (tag !== hostTag()) return false;
  return processIsGone({ pid, started: started || undefined });
}

let procAvailable: boolean | undefined;
function hasProc(): boolean {
  procAvailable ??= procStat(process.pid) !== undefined;
  return procAvailable;
}

function procStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (command) state ppid …": the command may hold spaces and parentheses, so split after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const started = Number(fields[19]);
  if (!fields[0] || !Number.isFinite(started)) return undefined;
  return { state: fields[0], started };
}
