import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRawZip, type RawZipEntry } from '../../test/zip-fixtures.js';
import { MediaError } from '../media-error.js';
import { extractZipSafely } from './safe-zip.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'spatia-safe-zip-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

let count = 0;
function zipOf(entries: RawZipEntry[]): { zipPath: string; target: string } {
  count += 1;
  const zipPath = path.join(folder, `case-${count}.zip`);
  writeFileSync(zipPath, buildRawZip(entries));
  return { zipPath, target: path.join(folder, `out-${count}`) };
}

async function refusal(promise: Promise<unknown>): Promise<MediaError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(MediaError);
  return error as MediaError;
}

describe('extractZipSafely', () => {
  it('extracts files and folders and lists the files', async () => {
    const { zipPath, target } = zipOf([
      { name: 'model/', unixMode: 0o040755 },
      { name: 'model/scene.gltf', data: Buffer.from('{"asset":{}}'), deflate: true },
      { name: 'model/textures/wood.png', data: Buffer.alloc(100, 7) },
      { name: '__MACOSX/model/._scene.gltf', data: Buffer.from('fork') },
    ]);
    const files = await extractZipSafely(zipPath, target);
    expect(files).toEqual(['model/scene.gltf', 'model/textures/wood.png']);
    expect(readFileSync(path.join(target, 'model/scene.gltf'), 'utf8')).toBe('{"asset":{}}');
    expect(existsSync(path.join(target, '__MACOSX'))).toBe(false);
  });

  const hostile: [string, RawZipEntry[]][] = [
    [
      'a ../ path',
      [
        { name: 'fine.txt', data: Buffer.from('x') },
        { name: 'a/../../escape.txt', data: Buffer.from('x') },
      ],
    ],
    ['an absolute path', [{ name: '/etc/escape.txt', data: Buffer.from('x') }]],
    ['a drive letter', [{ name: 'C:/escape.txt', data: Buffer.from('x') }]],
    ['a backslash path', [{ name: 'a\\..\\..\\escape.txt', data: Buffer.from('x') }]],
    ['a symlink', [{ name: 'link', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 }]],
    [
      'a name given twice',
      [
        { name: 'a.txt', data: Buffer.from('x') },
        { name: 'A.txt', data: Buffer.from('y') },
      ],
    ],
  ];
  for (const [label, entries] of hostile) {
    it(`refuses ${label} and leaves nothing behind`, async () => {
      const { zipPath, target } = zipOf(entries);
      const error = await refusal(extractZipSafely(zipPath, target, { fileName: 'upload.zip' }));
      expect(error.reason).toBe('unsafeArchive');
      expect(error.fileName).toBe('upload.zip');
      expect(existsSync(target)).toBe(false);
      expect(existsSync(path.join(folder, 'escape.txt'))).toBe(false);
    });
  }

  it('refuses too many entries', async () => {
    const { zipPath, target } = zipOf(Array.from({ length: 12 }, (_, index) => ({ name: `f${index}.txt`, data: Buffer.from('x') })));
    const error = await refusal(extractZipSafely(zipPath, target, { maxEntries: 10 }));
    expect(error.reason).toBe('unsafeArchive');
    expect(existsSync(target)).toBe(false);
  });

  it('stops a zip bomb by the bytes it inflates, whatever its headers say', async () => {
    // 8 MiB of zeros deflate to about 8 KiB; the headers claim 10 bytes.
    const { zipPath, target } = zipOf([
      { name: 'small.txt', data: Buffer.from('fine') },
      { name: 'bomb.bin', data: Buffer.alloc(8 * 1024 ** 2), deflate: true, claimedSize: 10 },
    ]);
    const error = await refusal(extractZipSafely(zipPath, target));
    expect(error.reason).toBe('unsafeArchive');
    expect(existsSync(target)).toBe(false);
  });

  it('stops at the total limit and at the ratio with honest headers', async () => {
    const big = { name: 'zeros.bin', data: Buffer.alloc(4 * 1024 ** 2), deflate: true };
    const first = zipOf([big]);
    expect((await refusal(extractZipSafely(first.zipPath, first.target, { maxTotalBytes: 1024 ** 2, maxRatio: 1e9 }))).reason).toBe(
      'unsafeArchive',
    );
    expect(existsSync(first.target)).toBe(false);
    const second = zipOf([big]);
    expect((await refusal(extractZipSafely(second.zipPath, second.target, { maxRatio: 50 }))).message).toMatch(
      /inflates more than 50 times/,
    );
    expect(existsSync(second.target)).toBe(false);
  });

  it('removes only what it wrote from a folder that already existed', async () => {
    const { zipPath, target } = zipOf([
      { name: 'new/a.txt', data: Buffer.from('x') },
      { name: '../escape.txt', data: Buffer.from('x') },
    ]);
    mkdirSync(target);
    writeFileSync(path.join(target, 'kept.txt'), 'mine');
    await refusal(extractZipSafely(zipPath, target));
    expect(readdirSync(target)).toEqual(['kept.txt']);
  });

  it('calls a damaged zip damaged', async () => {
    const zipPath = path.join(folder, 'damaged.zip');
    writeFileSync(zipPath, buildRawZip([{ name: 'a.txt', data: Buffer.from('hello') }]).subarray(0, 40));
    const target = path.join(folder, 'damaged-out');
    expect((await refusal(extractZipSafely(zipPath, target))).reason).toBe('damagedFile');
    expect(existsSync(target)).toBe(false);
  });
});
