import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryScratch, sweepMemoryScratch } from './memory-scratch.js';
import { processTag } from './process-identity.js';

let memory: string;
let disk: string;
const plenty = () => 64 * 2 ** 30;

beforeEach(() => {
  memory = mkdtempSync(path.join(os.tmpdir(), 'spatia-memory-fs-'));
  disk = mkdtempSync(path.join(os.tmpdir(), 'spatia-disk-'));
});
afterEach(() => {
  rmSync(memory, { recursive: true, force: true });
  rmSync(disk, { recursive: true, force: true });
});

describe('memoryScratch', () => {
  it('makes the folder on the memory filesystem, named with the process id, when there is room', async () => {
    const folder = await memoryScratch('spatia-test-', 1000, disk, { root: memory, freeMemory: plenty });
    expect(path.dirname(folder)).toBe(memory);
    expect(path.basename(folder)).toMatch(new RegExp(`^spatia-test-${process.pid}-`));
  });

  it('falls back to the given folder when memory is short, the filesystem is full or missing', async () => {
    const short = await memoryScratch('spatia-test-', 1000, disk, { root: memory, freeMemory: () => 1500 });
    expect(path.dirname(short)).toBe(disk);
    const full = await memoryScratch('spatia-test-', 2 ** 50, disk, { root: memory, freeMemory: () => 2 ** 52 });
    expect(path.dirname(full)).toBe(disk);
    const missing = await memoryScratch('spatia-test-', 1000, disk, { root: path.join(memory, 'none'), freeMemory: plenty });
    expect(path.dirname(missing)).toBe(disk);
    expect(readdirSync(memory)).toEqual([]);
  });

  it('removes folders an ended process left more than an hour ago, and nothing else', async () => {
    const ended = 2 ** 22 + 17; // above Linux's largest process id
    const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const abandoned = path.join(memory, `spatia-test-${ended}-old`);
    const recent = path.join(memory, `spatia-test-${ended}-new`);
    const running = path.join(memory, `spatia-test-${process.pid}-mine`);
    const other = path.join(memory, `other-${ended}-old`);
    for (const folder of [abandoned, recent, running, other]) mkdirSync(folder);
    for (const folder of [abandoned, running, other]) utimesSync(folder, hoursAgo, hoursAgo);

    await memoryScratch('spatia-test-', 1000, disk, { root: memory, freeMemory: plenty });
    expect([abandoned, recent, running, other].map(existsSync)).toEqual([false, true, true, true]);
  });

  it('removes at once the folders of a process that is gone, named by pid, start time and host', async () => {
    const gone = processTag({ pid: 2 ** 22 + 17, started: 4242 });
    const killed = path.join(memory, `spatia-test-${gone}-abcdef`);
    const mine = path.join(memory, `spatia-test-${processTag()}-abcdef`);
    // The same pid and start time written on another host (a shared filesystem): not ours to judge.
    const elsewhere = path.join(memory, `spatia-test-${gone.replace(/[0-9a-f]{8}$/, 'ffffffff')}-abcdef`);
    for (const folder of [killed, mine, elsewhere]) mkdirSync(folder);

    const folder = await memoryScratch('spatia-test-', 1000, disk, { root: memory, freeMemory: plenty });
    expect(path.basename(folder)).toMatch(new RegExp(`^spatia-test-${processTag()}-`));
    expect([killed, mine, elsewhere].map(existsSync)).toEqual([false, true, true]);
  });

  it('sweeps every kind of our folders at a start, whatever its prefix', async () => {
    const gone = processTag({ pid: 2 ** 22 + 18, started: 1 });
    for (const name of [`spatia-panorama-${gone}-aaaaaa`, `spatia-test-${gone}-bbbbbb`, `spatia-panorama-${processTag()}-cccccc`])
      mkdirSync(path.join(memory, name));
    expect(await sweepMemoryScratch({ root: memory })).toBe(2);
    expect(readdirSync(memory)).toEqual([`spatia-panorama-${processTag()}-cccccc`]);
  });
});
