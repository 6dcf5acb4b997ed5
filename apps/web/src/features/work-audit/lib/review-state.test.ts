import { describe, expect, it } from 'vitest';
import { previewUrl, reviewStateOf } from './review-state';

const reviewer = { uid: 'admin-a', name: 'A', avatarUrl: '' };

describe('reviewStateOf', () => {
  it('offers the claim on waiting works and the decision only to the claimer', () => {
    expect(reviewStateOf({ status: 'unaudited', reviewer: null }, 'admin-a')).toBe('waiting');
    expect(reviewStateOf({ status: 'underReview', reviewer }, 'admin-a')).toBe('mine');
    expect(reviewStateOf({ status: 'underReview', reviewer }, 'admin-b')).toBe('others');
    expect(reviewStateOf({ status: 'underReview', reviewer: null }, 'admin-a')).toBe('others');
    expect(reviewStateOf({ status: 'underReview', reviewer: { ...reviewer, uid: '' } }, '')).toBe('others');
  });

  it('previews through the embedded public page', () => {
    expect(previewUrl('a b')).toBe('/details/a%20b?embed=1');
  });
});
