import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RunningHashes } from './running-hashes.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Writes `bytes` at `offset` the way a store does: reads what the followed stream gives, then settles. */
async function write(hashes: RunningHashes, id: string, offset: number, bytes: Buffer, stored = bytes.length, chunkSize = bytes.length) {
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_, index) =>
    bytes.subarray(index * chunkSize, (index + 1) * chunkSize),
  );
  const followed = hashes.follow(Readable.from(chunks), id, offset);
  for await (const _chunk of followed.stream) {
    // a store writes it
  }
  followed.settle(offset + stored);
}

describe('RunningHashes', () => {
  const file = randomBytes(3000);

  it('hashes an unbroken run of writes from offset 0', async () => {
    const hashes = new RunningHashes();
    await write(hashes, 'a', 0, file.subarray(0, 1000));
    await write(hashes, 'a', 1000, file.subarray(1000));
    expect(hashes.take('a', file.length)).toBe(sha256(file));
    expect(hashes.take('a', file.length)).toBeUndefined(); // used up
  });

  it('hashes megabytes sent in odd-sized chunks over several writes', async () => {
    const hashes = new RunningHashes();
    const large = randomBytes(2.5 * 1024 * 1024 + 17);
    await write(hashes, 'large', 0, large.subarray(0, 1_500_000), 1_500_000, 99_999);
    await write(hashes, 'large', 1_500_000, large.subarray(1_500_000), large.length - 1_500_000, 65_536);
    expect(hashes.take('large', large.length)).toBe(sha256(large));
  });

  it('gives up on a gap, a repeat, or a write the store did not keep whole', async () => {
    const hashes = new RunningHashes();
    await write(hashes, 'gap', 0, file.subarray(0, 1000));
    await write(hashes, 'gap', 2000, file.subarray(2000));
    expect(hashes.take('gap', file.length)).toBeUndefined();

    await write(hashes, 'short', 0, file.subarray(0, 1000), 600);
    await write(hashes, 'short', 600, file.subarray(600));
    expect(hashes.take('short', file.length)).toBeUndefined();

    await write(hashes, 'size', 0, file);
    expect(hashes.take('size', file.length + 1)).toBeUndefined();
  });

  it('starts again when an upload is written from 0 again, and forgets on request', async () => {
    const hashes = new RunningHashes();
    await write(hashes, 'b', 0, randomBytes(500));
    await write(hashes, 'b', 0, file);
    expect(hashes.take('b', file.length)).toBe(sha256(file));
    await write(hashes, 'c', 0, file);
    hashes.forget('c');
    expect(hashes.take('c', file.length)).toBeUndefined();
  });

  it('keeps at most its limit of uploads, dropping the oldest', async () => {
    const hashes = new RunningHashes(2);
    for (const id of ['x', 'y', 'z']) await write(hashes, id, 0, file);
    expect(hashes.take('x', file.length)).toBeUndefined();
    expect(hashes.take('z', file.length)).toBe(sha256(file));
  });
});
