import { describe, expect, it } from 'vitest';
import { containsPattern, prefixPattern } from './like-pattern.js';

describe('LIKE patterns', () => {
  it('take what a person typed literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(prefixPattern('138_')).toBe('138\\_%');
  });

  it('leave ordinary text as it is', () => {
    expect(containsPattern('滨江')).toBe('%滨江%');
    expect(prefixPattern('Li')).toBe('Li%');
  });
});
