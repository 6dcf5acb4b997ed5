import { describe, expect, it } from 'vitest';
import { findSensitiveWords, normalizeForMatching } from './sensitive-words';

describe('normalizeForMatching', () => {
  it('folds width and case and drops spaces, punctuation and symbols', () => {
    expect(normalizeForMatching('ＡＢＣ d-e_f!')).toBe('abcdef');
    expect(normalizeForMatching('赌 博，网·站')).toBe('赌博网站');
  });
});

describe('findSensitiveWords', () => {
  const words = ['赌博', 'Casino', '代开发票'];

  it('finds words case-insensitively, through spaces and punctuation', () => {
    expect(findSensitiveWords('线上 赌-博 攻略', words)).toEqual(['赌博']);
    expect(findSensitiveWords('best c.a.s.i.n.o in town', words)).toEqual(['Casino']);
    expect(findSensitiveWords('ＣＡＳＩＮＯ', words)).toEqual(['Casino']);
  });

  it('looks through several fields and names each word once, in list order', () => {
    expect(findSensitiveWords(['代开 发票', '赌博 赌博 casino'], words)).toEqual(['赌博', 'Casino', '代开发票']);
  });

  it('finds nothing in clean or empty text, and ignores empty list entries', () => {
    expect(findSensitiveWords('西湖全景漫游', words)).toEqual([]);
    expect(findSensitiveWords('', words)).toEqual([]);
    expect(findSensitiveWords('anything', ['', ' ', '!'])).toEqual([]);
  });
});
