import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { ArchiveError, readTar, TarWriter, type TarEntry } from './tar.js';

/**
 * What a backup archive holds, in this order (docs/operations.md, "Backup and restore"):
 * - `spatia-backup.json`: the header (`BackupHeader`), first, so that a foreign file is refused at once;
 * - `database/<schema>.<table>/<part>.jsonl`: each table's rows as of the snapshot, one JSON object a line,
 *   in parts of a few MB;
 * - `files/<key>`: every stored file (not uploads in progress);
 * - `manifest.json`: counts and checksums of all of the above, last, because it counts what was written:
 *   an archive without it was never finished.
 */
export const HEADER_ENTRY = 'spatia-backup.json';
export const MANIFEST_ENTRY = 'manifest.json';
export const DATABASE_FOLDER = 'database/';
export const FILES_FOLDER = 'files/';
export const BACKUP_FORMAT = 'spatia-backup';
export const FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The Spatia version that made it. */
  appVersion: string;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; serverVersion: string };
  /** The schema's migration level: how many of the server's migrations were applied, and the last one. */
  migrations: { count: number; last: string | null; lastHash: string | null; lastCreatedAt: number | null };
  /** pg-boss's schema version of the job queue, or null when the database had no job queue yet. */
  jobQueueSchema: number | null;
  storage: { kind: 'local' | 's3' };
}

export interface TableManifest {
  /** `schema.table` */
  name: string;
  /** The columns whose values the rows hold (generated columns are computed again). */
  columns: string[];
  rows: number;
  parts: number;
  /** SHA-256 of the table's parts, one after the other. */
  sha256: string;
}

export interface BackupManifest {
  formatVersion: number;
  /** When the database snapshot was taken: what the archive holds is the database as of then. */
  snapshotAt: string;
  finishedAt: string;
  tables: TableManifest[];
  /** Sequences and the last value they gave (null: never used). */
  sequences: { name: string; value: string | null }[];
  files: {
    count: number;
    bytes: number;
    /** SHA-256 over `key\tsize\tsha256\n` of every file, in archive order. */
    sha256: string;
    /** Files listed but gone when read: deleted while the backup ran, past its hold. */
    vanished: number;
    /** Keys of files whose size changed while they were read: their bytes in the archive are not the file's, and restore skips them. */
    changed: string[];
    /** A few of the vanished keys, for the report. */
    vanishedExamples: string[];
  };
}

/** The archive file is missing or cannot be opened. */
export class UnreadableArchive extends ArchiveError {}

/** The archive is gzip-compressed when its name says so. */
export function isGzipName(file: string): boolean {
  return /\.(t?gz)$/i.test(file);
}

export interface ArchiveOutput {
  tar: TarWriter;
  /** Ends the archive and moves it from its temporary name to `file`; answers its size in bytes. */
  finish(): Promise<number>;
  /** Removes what was written. */
  abort(): Promise<void>;
}

/**
 * Writes to `file.partial` and renames it to `file` once finished, so that `file` is only ever a whole
 * archive; gzip when the name ends in `.gz` or `.tgz`. `file` must not exist yet.
 */
export async function createArchive(file: string): Promise<ArchiveOutput> {
  const exists = await open(file, 'r').then(
    async (handle) => {
      await handle.close();
      return true;
    },
    () => false,
  );
  if (exists) throw new ArchiveError(`${file} already exists: name a new file (a backup never overwrites one).`);
  const partial = `${file}.partial`;
  const output = createWriteStream(partial);
  await new Promise<void>((resolve, reject) => {
    output.once('open', () => resolve());
    output.once('error', reject);
  });
  let sink: Writable = output;
  if (isGzipName(file)) {
    const gzip = createGzip();
    gzip.pipe(output);
    gzip.on('error', (error) => output.destroy(error));
    sink = gzip;
  }
  const tar = new TarWriter(sink);
  return {
    tar,
    finish: async () => {
      await tar.finish();
      if (!output.writableFinished) await new Promise<void>((resolve, reject) => output.once('finish', resolve).once('error', reject));
      await new Promise<void>((resolve) => (output.closed ? resolve() : output.once('close', () => resolve())));
      const bytes = output.bytesWritten;
      await rename(partial, file);
      return bytes;
    },
    abort: async () => {
      sink.destroy();
      output.destroy();
      await rm(partial, { force: true });
    },
  };
}

/**
 * The entries of the archive at `file`, gunzipped when it starts like gzip. A gzip stream that ends early
 * or does not match its checksum is an ArchiveError too.
 */
export async function* readArchive(file: string): AsyncGenerator<TarEntry> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    throw new UnreadableArchive(error.code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read: ${error.message}`);
  });
  const magic = Buffer.alloc(2);
  await handle.read(magic, 0, 2, 0);
  await handle.close();
  const raw = createReadStream(file);
  let source: Readable = raw;
  if (magic[0] === 0x1f && magic[1] === 0x8b) {
    const gunzip = createGunzip();
    raw.on('error', (error) => gunzip.destroy(error));
    source = raw.pipe(gunzip);
  }
  try {
    yield* readTar(gzipErrorsExplained(source));
  } finally {
    source.destroy();
    raw.destroy();
  }
}

async function* gzipErrorsExplained(source: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of source) yield chunk as Buffer;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('Z_') || /unexpected end of file/i.test((error as Error).message)) {
      throw new ArchiveError(`The archive is damaged or truncated: its gzip stream cannot be read (${(error as Error).message}).`);
    }
    throw error;
  }
}

/** The entry name of one part of a table's rows. */
export function tablePartName(table: string, part: number): string {
  return `${DATABASE_FOLDER}${table}/${String(part).padStart(6, '0')}.jsonl`;
}

/** `database/public.users/000001.jsonl` → `public.users`; undefined for any other name. */
export function tableOfPart(name: string): string | undefined {
  return /^database\/([a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*)\/\d{6}\.jsonl$/.exec(name)?.[1];
}

export async function readAll(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** The header, checked: a file that is no Spatia backup, or one of a later format, is refused here. */
export function parseHeader(bytes: Buffer): BackupHeader {
  let header: Partial<BackupHeader>;
  try {
    header = JSON.parse(bytes.toString('utf8')) as Partial<BackupHeader>;
  } catch {
    throw new ArchiveError(`The archive's ${HEADER_ENTRY} is not JSON: the archive is damaged.`);
  }
  if (header.format !== BACKUP_FORMAT) throw new ArchiveError('This is not a Spatia backup.');
  if (header.formatVersion !== FORMAT_VERSION) {
    throw new ArchiveError(
      `This backup has format version ${header.formatVersion}; this Spatia reads version ${FORMAT_VERSION}. Restore it with Spatia ${header.appVersion} or later.`,
    );
  }
  return header as BackupHeader;
}
