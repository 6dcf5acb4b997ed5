import { describe, expect, it } from 'vitest';
import { readWordLines } from './word-lines';

describe('readWordLines', () => {
  it('takes one trimmed word per line, skips blank lines and sends a repeated word once', () => {
    expect(readWordLines('  赌球 \n\nfake id\r\nＦＡＫＥ ＩＤ\nfake-id')).toEqual({
      words: ['赌球', 'fake id'],
      repeated: 2,
      problems: [],
      tooMany: false,
    });
  });

  it('names the lines that break a rule', () => {
    const result = readWordLines(`ok\n${'x'.repeat(51)}\n---\n${'字'.repeat(50)}`);
    expect(result.words).toEqual(['ok', '字'.repeat(50)]);
    expect(result.problems).toEqual([
      { line: 2, text: 'x'.repeat(51), reason: 'tooLong' },
      { line: 3, text: '---', reason: 'noCharacters' },
    ]);
  });

  it('tells when there are more words than one call may carry', () => {
    const lines = Array.from({ length: 1001 }, (_, index) => `word ${index}`).join('\n');
    expect(readWordLines(lines).tooMany).toBe(true);
  });
});
