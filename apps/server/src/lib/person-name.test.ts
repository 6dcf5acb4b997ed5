import { DEFAULT_PC_USER_NAME } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { displayPersonName } from './person-name.js';

describe('displayPersonName', () => {
  it('shows the registration default in the reader language', () => {
    expect(displayPersonName(DEFAULT_PC_USER_NAME, 'en')).toBe('PC user');
    expect(displayPersonName(DEFAULT_PC_USER_NAME, 'zh')).toBe('PC用户');
  });

  it('leaves a chosen name as it is', () => {
    expect(displayPersonName('Li Lei', 'zh')).toBe('Li Lei');
    expect(displayPersonName('韩梅梅', 'en')).toBe('韩梅梅');
  });
});
