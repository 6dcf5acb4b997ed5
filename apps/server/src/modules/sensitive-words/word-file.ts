import { invalid } from '../../lib/app-error.js';

/** One word of an imported file, trimmed, with the line (from 1) it stood on. */
export interface WordFileEntry {
  line: number;
  text: string;
}

/**
 * The words of a UTF-8 text or CSV file: one per line, or several separated by commas (ASCII or
 * full-width). A byte-order mark is dropped; CSV quoting ("a, b" and "" for a quote) is honoured;
 * blank lines and empty cells are not words. Anything that is not UTF-8 text is refused whole.
 */
export function readWordFile(bytes: Uint8Array): WordFileEntry[] {
  let text: string;
  try {
    // `ignoreBOM: false` (the default) drops a leading byte-order mark.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid('file', 'notUtf8Text');
  }
  // A NUL byte means a binary file (a spreadsheet, an image), not text.
  if (text.includes('\u0000')) throw invalid('file', 'notUtf8Text');
  const entries: WordFileEntry[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    for (const cell of splitCells(line)) {
      const word = cell.trim();
      if (word) entries.push({ line: index + 1, text: word });
    }
  });
  return entries;
}

/** The cells of one line: separated by `,` or `，`, a cell in double quotes may hold them (and `""`). */
function splitCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index]!;
    if (quoted) {
      if (character === '"' && line[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (character === ',' || character === '，') {
      cells.push(cell);
      cell = '';
    } else cell += character;
  }
  cells.push(cell);
  return cells;
}
