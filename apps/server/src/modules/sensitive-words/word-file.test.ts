import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/app-error.js';
import { readWordFile } from './word-file.js';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('readWordFile', () => {
  it('reads one word per line and comma-separated cells, with their line numbers', () => {
    expect(readWordFile(utf8('赌球\r\n\n  fake id , counterfeit bag，假币\rlast'))).toEqual([
      { line: 1, text: '赌球' },
      { line: 3, text: 'fake id' },
      { line: 3, text: 'counterfeit bag' },
      { line: 3, text: '假币' },
      { line: 4, text: 'last' },
    ]);
  });

  it('drops the byte-order mark and honours CSV quoting', () => {
    expect(readWordFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8('"a, b","say ""hi""",c,,\n')]))).toEqual([
      { line: 1, text: 'a, b' },
      { line: 1, text: 'say "hi"' },
      { line: 1, text: 'c' },
    ]);
  });

  it('refuses bytes that are not UTF-8 text', () => {
    const gbk = Buffer.from([0xb6, 0xc4, 0xb2, 0xa9]); // 赌博 in GBK
    expect(() => readWordFile(gbk)).toThrow(ValidationError);
    expect(() => readWordFile(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00]))).toThrow(ValidationError);
    expect(readWordFile(utf8(''))).toEqual([]);
  });
});
