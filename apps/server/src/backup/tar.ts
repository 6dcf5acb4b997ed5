import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

/**
 * The tar format of backups: POSIX ustar entries of regular files, with a pax header for a name longer
 * than ustar holds or a size of 8 GiB and more. Any tar tool lists and extracts these archives; this
 * module writes and reads only what backups need (no links, directories or devices).
 */
const BLOCK = 512;
const USTAR_NAME_MAX = 100;
const USTAR_PREFIX_MAX = 155;
/** Eleven octal digits: the largest size a ustar header holds. */
const USTAR_SIZE_MAX = 0o77777777777;
const ZERO_BLOCK = Buffer.alloc(BLOCK);

/** A damaged, truncated or foreign archive: the message says which, for the person restoring. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

export interface WrittenEntry {
  /** Bytes the body gave, which are the bytes written unless it gave another number than announced. */
  bytes: number;
  /** The SHA-256 of the bytes written (a short body is padded with zeros, a long one cut). */
  sha256: string;
  /** Whether the body gave exactly the announced size. */
  complete: boolean;
}

/** Writes entries one after the other into `out`, waiting whenever `out` asks it to (backpressure). */
export class TarWriter {
  private failure: Error | undefined;

  constructor(private readonly out: Writable) {
    out.on('error', (error: Error) => {
      this.failure = error;
    });
  }

  /**
   * Writes a file of `size` bytes from `body`. The size goes into the header first, so a body that
   * turns out shorter is padded with zeros and a longer one cut; `complete` tells the caller.
   */
  async addFile(
    name: string,
    size: number,
    body: Buffer | AsyncIterable<Buffer | Uint8Array>,
    modifiedAt = new Date(),
  ): Promise<WrittenEntry> {
    await this.writeHeaders(name, size, modifiedAt);
    const hash = createHash('sha256');
    let written = 0;
    let given = 0;
    const chunks: AsyncIterable<Buffer | Uint8Array> | Buffer[] = Buffer.isBuffer(body) ? [body] : body;
    for await (const raw of chunks) {
      const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
      given += chunk.length;
      const part = written + chunk.length > size ? chunk.subarray(0, size - written) : chunk;
      if (part.length === 0) continue;
      hash.update(part);
      written += part.length;
      await this.write(part);
    }
    if (written < size) {
      const filler = Buffer.alloc(Math.min(size - written, 1024 * 1024));
      while (written < size) {
        const part = filler.subarray(0, Math.min(filler.length, size - written));
        hash.update(part);
        written += part.length;
        await this.write(part);
      }
    }
    await this.pad(size);
    return { bytes: given, sha256: hash.digest('hex'), complete: given === size };
  }

  /** Ends the archive (two zero blocks) and waits until `out` has taken everything. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.out.end();
    if (!this.out.writableFinished) await once(this.out, 'finish');
    if (this.failure) throw this.failure;
  }

  private async writeHeaders(name: string, size: number, modifiedAt: Date): Promise<void> {
    const nameBytes = Buffer.byteLength(name);
    if (nameBytes === 0) throw new Error('a tar entry needs a name');
    const split = splitName(name);
    const records: string[] = [];
    if (!split) records.push(paxRecord('path', name));
    if (size > USTAR_SIZE_MAX) records.push(paxRecord('size', String(size)));
    const mtime = Math.max(0, Math.floor(modifiedAt.getTime() / 1000));
    if (records.length > 0) {
      const pax = Buffer.from(records.join(''));
      await this.write(header({ name: 'PaxHeader', prefix: '', size: pax.length, mtime, type: 'x' }));
      await this.write(pax);
      await this.pad(pax.length);
    }
    const fallback = split ?? { prefix: '', name: Buffer.from(name).subarray(0, USTAR_NAME_MAX).toString('latin1') };
    await this.write(header({ ...fallback, size, mtime, type: '0' }));
  }

  private async pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest > 0) await this.write(ZERO_BLOCK.subarray(0, BLOCK - rest));
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.out.write(chunk)) return;
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        this.out.off('drain', onDrain);
        this.out.off('error', done);
        if (error) reject(error);
        else resolve();
      };
      const onDrain = () => done();
      this.out.once('drain', onDrain);
      this.out.once('error', done);
    });
  }
}

/** `name` as ustar's prefix and name fields, or undefined when it fits neither way (then a pax header carries it). */
function splitName(name: string): { prefix: string; name: string } | undefined {
  if (!/^[\x20-\x7e]+$/.test(name)) return undefined;
  if (name.length <= USTAR_NAME_MAX) return { prefix: '', name };
  for (let at = name.indexOf('/'); at >= 0; at = name.indexOf('/', at + 1)) {
    const prefix = name.slice(0, at);
    const rest = name.slice(at + 1);
    if (prefix.length <= USTAR_PREFIX_MAX && rest.length > 0 && rest.length <= USTAR_NAME_MAX) return { prefix, name: rest };
  }
  return undefined;
}

/** `"<length> <key>=<value>\n"`, where the length counts the whole record, its own digits included. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const bodyBytes = Buffer.byteLength(body);
  let digits = 1;
  while (String(bodyBytes + digits).length !== digits) digits += 1;
  return `${bodyBytes + digits}${body}`;
}

function header(fields: { name: string; prefix: string; size: number; mtime: number; type: '0' | 'x' }): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(fields.name, 0, USTAR_NAME_MAX, 'latin1');
  block.write('0000644\0', 100, 'latin1');
  block.write('0000000\0', 108, 'latin1');
  block.write('0000000\0', 116, 'latin1');
  if (fields.size <= USTAR_SIZE_MAX) {
    block.write(`${fields.size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
  } else {
    // GNU's base-256 form for tools that ignore the pax size.
    block[124] = 0x80;
    block.writeBigUInt64BE(BigInt(fields.size), 124 + 4);
  }
  block.write(`${fields.mtime.toString(8).padStart(11, '0')}\0`, 136, 'latin1');
  block.write(fields.type, 156, 'latin1');
  block.write('ustar\0', 257, 'latin1');
  block.write('00', 263, 'latin1');
  block.write(fields.prefix, 345, USTAR_PREFIX_MAX, 'latin1');
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
  return block;
}

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; read it to the end (or not at all) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
}

/**
 * The regular files of a tar stream, in order. Anything else the archive holds (directories, a tool's
 * own headers) is skipped. A stream that ends inside an entry or before the end-of-archive block,
 * or a header whose checksum does not match, is an ArchiveError naming the byte where it happened.
 */
export async function* readTar(source: AsyncIterable<Buffer | Uint8Array>): AsyncGenerator<TarEntry> {
  const input = new ByteSource(source);
  let pax: Map<string, string> | undefined;
  for (;;) {
    const at = input.position;
    const block = await input.take(BLOCK);
    if (!block) throw new ArchiveError(`The archive ends at byte ${at} without its end marker: it is truncated.`);
    if (block.equals(ZERO_BLOCK)) return;
    if (!checksumMatches(block))
      throw new ArchiveError(`The archive is damaged: the entry header at byte ${at} does not match its checksum.`);
    const type = String.fromCharCode(block[156]!);
    if (type === 'x' || type === 'g') {
      const size = readSize(block, at);
      const records = await input.take(size);
      if (!records && size > 0) throw truncatedAt(input.position);
      await input.skip(padding(size));
      if (type === 'x' && records) pax = parsePax(records, at);
      continue;
    }
    const size = pax?.has('size') ? Number(pax.get('size')) : readSize(block, at);
    const name = pax?.get('path') ?? ustarName(block);
    pax = undefined;
    if (type !== '0' && type !== '\0') {
      await input.skip(size + padding(size));
      continue;
    }
    const left = { bytes: size };
    yield { name, size, body: input.chunks(left) };
    // Whatever the reader of the body left unread.
    await input.skip(left.bytes + padding(size));
  }
}

function truncatedAt(position: number): ArchiveError {
  return new ArchiveError(`The archive ends at byte ${position}, inside an entry: it is truncated.`);
}

function padding(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

function checksumMatches(block: Buffer): boolean {
  const stored = parseInt(
    block
      .toString('latin1', 148, 156)
      .replace(/[\0 ]+$/, '')
      .trim(),
    8,
  );
  let sum = 0;
  for (let index = 0; index < BLOCK; index += 1) sum += index >= 148 && index < 156 ? 0x20 : block[index]!;
  return stored === sum;
}

function readSize(block: Buffer, at: number): number {
  if ((block[124]! & 0x80) !== 0) return Number(block.readBigUInt64BE(124 + 4));
  const text = block.toString('latin1', 124, 136).replace(/\0.*$/, '').trim();
  const size = text === '' ? 0 : parseInt(text, 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new ArchiveError(`The archive is damaged: the entry at byte ${at} has no valid size.`);
  return size;
}

function ustarName(block: Buffer): string {
  const field = (start: number, length: number) => block.toString('latin1', start, start + length).replace(/\0.*$/s, '');
  const name = field(0, USTAR_NAME_MAX);
  const prefix = block.toString('latin1', 257, 262) === 'ustar' ? field(345, USTAR_PREFIX_MAX) : '';
  return prefix ? `${prefix}/${name}` : name;
}

function parsePax(records: Buffer, at: number): Map<string, string> {
  const values = new Map<string, string>();
  let offset = 0;
  while (offset < records.length) {
    const space = records.indexOf(0x20, offset);
    const length = Number(records.toString('latin1', offset, space));
    if (space < 0 || !Number.isSafeInteger(length) || length <= 0 || offset + length > records.length) {
      throw new ArchiveError(`The archive is damaged: the extended header at byte ${at} cannot be read.`);
    }
    const record = records.toString('utf8', space + 1, offset + length - 1);
    const equals = record.indexOf('=');
    if (equals > 0) values.set(record.slice(0, equals), record.slice(equals + 1));
    offset += length;
  }
  return values;
}

/** Exact reads over a stream of chunks of any size, counting its position. */
class ByteSource {
  position = 0;
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;
  private ended = false;
  private readonly iterator: AsyncIterator<Buffer | Uint8Array>;

  constructor(source: AsyncIterable<Buffer | Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** Exactly `count` bytes; undefined when the stream ended before the first of them, an error when after. */
  async take(count: number): Promise<Buffer | undefined> {
    await this.fill(count);
    if (this.bufferedBytes === 0) return undefined;
    if (this.bufferedBytes < count) throw truncatedAt(this.position + this.bufferedBytes);
    return this.consume(count);
  }

  async skip(count: number): Promise<void> {
    const left = { bytes: count };
    for await (const chunk of this.chunks(left)) void chunk;
  }

  /** The next `left.bytes` bytes as they arrive, counting `left` down as they are read. */
  async *chunks(left: { bytes: number }): AsyncGenerator<Buffer> {
    while (left.bytes > 0) {
      await this.fill(1);
      if (this.bufferedBytes === 0) throw truncatedAt(this.position);
      const chunk = this.consume(Math.min(left.bytes, this.buffered[0]!.length));
      left.bytes -= chunk.length;
      yield chunk;
    }
  }

  private async fill(count: number): Promise<void> {
    while (this.bufferedBytes < count && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) {
        this.ended = true;
        break;
      }
      const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
      if (chunk.length === 0) continue;
      this.buffered.push(chunk);
      this.bufferedBytes += chunk.length;
    }
  }

  private consume(count: number): Buffer {
    const first = this.buffered[0]!;
    let result: Buffer;
    if (first.length >= count) {
      result = first.subarray(0, count);
      if (first.length === count) this.buffered.shift();
      else this.buffered[0] = first.subarray(count);
    } else {
      const joined = Buffer.concat(this.buffered);
      result = joined.subarray(0, count);
      this.buffered = joined.length > count ? [joined.subarray(count)] : [];
    }
    this.bufferedBytes -= count;
    this.position += count;
    return result;
  }
}
