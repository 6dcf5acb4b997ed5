import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEMORY_FILESYSTEM } from '../../lib/memory-scratch.js';
import { processIsGone } from '../../lib/process-identity.js';
import { buildRawZip } from '../../test/zip-fixtures.js';
import { MediaError } from '../media-error.js';
import { renderSyntheticPanorama } from '../panorama/index.js';
import { MediaProcess, MediaProcessDied } from './isolated-media.js';

const folder = () => mkdtempSync(path.join(os.tmpdir(), 'spatia-isolated-'));
const childOf = (media: MediaProcess) => (media as unknown as { child?: { pid: number } }).child;

describe('MediaProcess', () => {
  it('runs tasks in a child process; refusals come back as MediaError, with their reason and file', async () => {
    const dir = folder();
    const good = path.join(dir, 'good.zip');
    const evil = path.join(dir, 'evil.zip');
    writeFileSync(good, buildRawZip([{ name: 'rooms/a.jpg', data: Buffer.from('jpeg') }]));
    writeFileSync(evil, buildRawZip([{ name: '../a.jpg', data: Buffer.from('jpeg') }]));
    const media = new MediaProcess();
    try {
      expect(await media.run({ kind: 'unpackZip', zipPath: good, folder: path.join(dir, 'good'), fileName: '客厅.zip' })).toEqual([
        'rooms/a.jpg',
      ]);
      expect(childOf(media)!.pid).not.toBe(process.pid);
      const refusal = await media
        .run({ kind: 'unpackZip', zipPath: evil, folder: path.join(dir, 'evil'), fileName: '卧室.zip' })
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(MediaError);
      expect(refusal).toMatchObject({
        reason: 'unsafeArchive',
        fileName: '卧室.zip',
        message: expect.stringContaining('leaves the archive'),
      });
    } finally {
      await media.close();
    }
  });

  it('rejects with MediaProcessDied when the child dies, and the next task gets a new child', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'good.zip'), buildRawZip([{ name: 'a.jpg', data: Buffer.from('jpeg') }]));
    const media = new MediaProcess();
    try {
      const died = await media.run({ kind: 'crash', how: 'uncaught', fileName: 'a.jpg' }).catch((error: unknown) => error);
      expect(died).toBeInstanceOf(MediaProcessDied);
      expect(died).toMatchObject({ fileName: 'a.jpg', exitCode: 1, output: expect.stringContaining('an error event nobody listened to') });
      const killed = await media.run({ kind: 'crash', how: 'kill' }).catch((error: unknown) => error);
      expect(killed).toMatchObject({ name: 'MediaProcessDied', exitSignal: 'SIGKILL', fileName: null });
      expect(
        await media.run({ kind: 'unpackZip', zipPath: path.join(dir, 'good.zip'), folder: path.join(dir, 'out'), fileName: 'good.zip' }),
      ).toEqual(['a.jpg']);
    } finally {
      await media.close();
    }
  });

  it('an abort kills the child at once; closing removes what it left in memory', async () => {
    const dir = folder();
    const source = path.join(dir, 'big.jpg');
    writeFileSync(source, await renderSyntheticPanorama({ width: 4096, height: 2048 }));
    const media = new MediaProcess();
    const controller = new AbortController();
    let progressed = false;
    const rendering = media.run(
      { kind: 'panoramaScene', source, outDir: path.join(dir, 'out'), temporaryDirectory: dir },
      {
        signal: controller.signal,
        onProgress: ({ fraction }) => {
          progressed = true;
          if (fraction > 0.1) controller.abort(new Error('stopped'));
        },
      },
    );
    await expect(rendering).rejects.toThrow('stopped');
    expect(progressed).toBe(true);
    const pid = childOf(media)!.pid;
    await media.close();
    expect(processIsGone({ pid })).toBe(true);
    if (existsSync(MEMORY_FILESYSTEM)) expect(readdirSync(MEMORY_FILESYSTEM).filter((name) => name.includes(`-${pid}-`))).toEqual([]);
  });
});
