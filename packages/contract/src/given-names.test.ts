import { describe, expect, it } from 'vitest';
import { GIVEN_NAMES, nameForReader } from './given-names.js';

describe('nameForReader', () => {
  it('says a name the platform gave in the reader’s language', () => {
    expect(nameForReader(GIVEN_NAMES.administrator.stored, 'zh')).toBe('管理员');
    expect(nameForReader(GIVEN_NAMES.administrator.stored, 'en')).toBe('Administrator');
    expect(nameForReader(GIVEN_NAMES.demo.stored, 'en')).toBe('Spatia examples');
    expect(nameForReader(GIVEN_NAMES.demo.stored, 'zh')).toBe('Spatia 示例');
    expect(nameForReader(' PC用户 ', 'en')).toBe('PC user');
    expect(nameForReader('PC用户', 'zh')).toBe('PC用户');
  });

  it('shows a name a person chose as it is', () => {
    expect(nameForReader('Ada Admin', 'zh')).toBe('Ada Admin');
    expect(nameForReader('张三', 'en')).toBe('张三');
    expect(nameForReader('administrator', 'zh')).toBe('administrator');
  });
});
