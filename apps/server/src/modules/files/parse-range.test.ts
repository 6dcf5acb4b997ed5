import { describe, expect, it } from 'vitest';
import { parseRange } from './files.routes.js';

describe('parseRange', () => {
  it('reads one range from a start, to an end, or of the last bytes, within the size', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange(' bytes=95-200 ', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('answers nothing for what it cannot serve: several ranges, past the end, reversed, other units, an empty file', () => {
    for (const header of [undefined, '', 'bytes=-', 'bytes=0-1,5-6', 'bytes=100-', 'bytes=9-2', 'items=0-9', 'bytes=a-b']) {
      expect(parseRange(header, 100), String(header)).toBeUndefined();
    }
    expect(parseRange('bytes=0-9', 0)).toBeUndefined();
  });
});
