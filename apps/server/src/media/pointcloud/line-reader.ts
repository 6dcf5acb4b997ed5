import type { FileHandle } from 'node:fs/promises';

const CHUNK_BYTES = 1 << 20;

/** A text file's lines from a given byte, read a megabyte at a time (latin1: the numbers are ASCII). */
export class LineReader {
  private lines: string[] = [];
  private nextLine = 0;
  private rest = '';
  private position: number;
  private ended = false;
  private readonly buffer = Buffer.allocUnsafe(CHUNK_BYTES);

  constructor(
    private readonly file: FileHandle,
    start: number,
  ) {
    this.position = start;
  }

  /** The next line without its end of line, or null at the end of the file. */
  async next(): Promise<string | null> {
    while (this.nextLine >= this.lines.length) {
      if (this.ended) return null;
      const { bytesRead } = await this.file.read(this.buffer, 0, CHUNK_BYTES, this.position);
      this.position += bytesRead;
      let text = this.rest + this.buffer.toString('latin1', 0, bytesRead);
      if (bytesRead === 0) {
        this.ended = true;
        this.rest = '';
        if (text === '') return null;
        text += '\n';
      }
      const lines = text.split('\n');
      this.rest = lines.pop()!;
      this.lines = lines;
      this.nextLine = 0;
    }
    const line = this.lines[this.nextLine++]!;
    return line.endsWith('\r') ? line.slice(0, -1) : line;
  }
}

/** A line's numbers, split on white space or commas; NaN where a field is no number. */
export function lineFields(line: string): number[] {
  const trimmed = line.trim();
  if (trimmed === '') return [];
  return trimmed.split(/[\s,;]+/).map(Number);
}
