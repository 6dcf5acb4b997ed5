import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ArchiveError, readTar, TarWriter } from './tar.js';

async function tarOf(entries: { name: string; content: Buffer }[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = new TarWriter(out);
  for (const entry of entries) await writer.addFile(entry.name, entry.content.length, Readable.from([entry.content]));
  await writer.finish();
  return Buffer.concat(chunks);
}

/** The bytes in chunks of `size`, as a file or socket hands them over. */
async function* inChunks(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function entriesOf(source: AsyncIterable<Buffer>): Promise<{ name: string; content: Buffer }[]> {
  const entries = [];
  for await (const entry of readTar(source)) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    entries.push({ name: entry.name, content: Buffer.concat(chunks) });
  }
  return entries;
}

const longKey = `files/derived/${'w'.repeat(60)}/${'r'.repeat(40)}/tiles/${'deep/'.repeat(40)}0_0.jpg`;
const entries = [
  { name: 'spatia-backup.json', content: Buffer.from('{"format":"spatia-backup"}') },
  { name: 'empty', content: Buffer.alloc(0) },
  { name: 'one-block', content: randomBytes(512) },
  { name: 'block-and-a-byte', content: randomBytes(513) },
  { name: `files/${'a'.repeat(90)}/${'b'.repeat(90)}.bin`, content: randomBytes(700) },
  { name: longKey, content: randomBytes(3000) },
  { name: 'files/名前.txt', content: Buffer.from('unicode name') },
];

describe('tar', () => {
  it('reads back what it wrote, whatever the chunk sizes, with names ustar cannot hold', async () => {
    const archive = await tarOf(entries);
    expect(archive.length % 512).toBe(0);
    for (const size of [1, 7, 512, 4096, archive.length]) {
      expect(await entriesOf(inChunks(archive, size))).toEqual(entries);
    }
  });

  it('skips what a reader leaves unread', async () => {
    const archive = await tarOf(entries);
    const names = [];
    for await (const entry of readTar(inChunks(archive, 100))) {
      names.push(entry.name);
      if (entry.name === 'one-block') for await (const chunk of entry.body) void chunk;
      if (entry.name === longKey) {
        for await (const chunk of entry.body) {
          void chunk;
          break; // half read
        }
      }
    }
    expect(names).toEqual(entries.map((entry) => entry.name));
  });

  it('is an archive GNU tar lists and extracts', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'spatia-tar-'));
    const file = path.join(folder, 'test.tar');
    writeFileSync(file, await tarOf(entries));
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(entries.map((entry) => entry.name));
    execFileSync('tar', ['-xf', file, '-C', folder]);
    for (const entry of entries) expect(readFileSync(path.join(folder, entry.name)).equals(entry.content)).toBe(true);
  });

  it('reads what GNU tar wrote', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'spatia-tar-'));
    writeFileSync(path.join(folder, 'a.txt'), 'from gnu tar');
    const file = path.join(folder, 'gnu.tar');
    execFileSync('tar', ['--format=pax', '-cf', file, '-C', folder, 'a.txt']);
    expect(await entriesOf(inChunks(readFileSync(file), 300))).toEqual([{ name: 'a.txt', content: Buffer.from('from gnu tar') }]);
  });

  it('refuses a truncated archive and a damaged header, saying where', async () => {
    const archive = await tarOf(entries);
    await expect(entriesOf(inChunks(archive.subarray(0, 1500), 512))).rejects.toThrow(/ends at byte \d+, inside an entry: it is truncated/);
    await expect(entriesOf(inChunks(archive.subarray(0, archive.length - 1024), 512))).rejects.toThrow(/without its end marker/);
    const damaged = Buffer.from(archive);
    damaged.writeUInt8(damaged.readUInt8(1024 + 3) ^ 0xff, 1024 + 3); // the name of the second entry's header
    await expect(entriesOf(inChunks(damaged, 512))).rejects.toBeInstanceOf(ArchiveError);
    await expect(entriesOf(inChunks(damaged, 512))).rejects.toThrow(/header at byte 1024 does not match its checksum/);
  });

  it('pads a body shorter than announced and cuts a longer one, and says so', async () => {
    const out = createWriteStream(path.join(mkdtempSync(path.join(os.tmpdir(), 'spatia-tar-')), 'x.tar'));
    const writer = new TarWriter(out);
    expect(await writer.addFile('short', 10, Readable.from([Buffer.from('abc')]))).toMatchObject({ bytes: 3, complete: false });
    expect(await writer.addFile('long', 2, Readable.from([Buffer.from('abcdef')]))).toMatchObject({ bytes: 6, complete: false });
    expect(await writer.addFile('exact', 3, Readable.from([Buffer.from('abc')]))).toMatchObject({ bytes: 3, complete: true });
    await writer.finish();
  });
});
