import { describe, expect, it } from 'vitest';
import { isWorkInReview } from './works.js';

describe('isWorkInReview', () => {
  it('holds while the work waits for or is in review', () => {
    expect(isWorkInReview('unaudited')).toBe(true);
    expect(isWorkInReview('underReview')).toBe(true);
    expect(isWorkInReview('passed')).toBe(false);
    expect(isWorkInReview('published')).toBe(false);
  });
});
