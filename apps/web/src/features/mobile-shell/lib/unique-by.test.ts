import { describe, expect, it } from 'vitest';
import { uniqueBy } from './unique-by';

describe('uniqueBy', () => {
  it('keeps the first of each key, in order', () => {
    const pages = [
      [{ uid: 'a' }, { uid: 'b' }],
      [{ uid: 'b' }, { uid: 'c' }],
    ];
    expect(uniqueBy(pages.flat(), (work) => work.uid).map((work) => work.uid)).toEqual(['a', 'b', 'c']);
  });

  it('leaves a list without repeats as it is', () => {
    expect(uniqueBy([3, 1, 2], (value) => value)).toEqual([3, 1, 2]);
  });
});
