import { DEFAULT_PC_USER_NAME } from '@spatia/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { displayPersonName } from './person-name';

describe('displayPersonName', () => {
  it('shows the registration default in the reader language', async () => {
    await i18n.changeLanguage('en');
    expect(displayPersonName(DEFAULT_PC_USER_NAME, i18n.t)).toBe('PC user');
    await i18n.changeLanguage('zh');
    expect(displayPersonName(DEFAULT_PC_USER_NAME, i18n.t)).toBe('PC用户');
  });

  it('keeps a chosen name as written and names a blank one as unknown', async () => {
    await i18n.changeLanguage('en');
    expect(displayPersonName('韩梅梅', i18n.t)).toBe('韩梅梅');
    expect(displayPersonName(' PC user ', i18n.t)).toBe(' PC user ');
    expect(displayPersonName('  ', i18n.t)).toBe('Unknown user');
  });
});
