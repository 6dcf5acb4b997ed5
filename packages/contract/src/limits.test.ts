import { describe, expect, it } from 'vitest';
import { DEFAULT_PC_USER_NAME, isDefaultPcUserName } from './limits.js';

describe('isDefaultPcUserName', () => {
  it('knows the registration default, with stray spaces', () => {
    expect(isDefaultPcUserName(DEFAULT_PC_USER_NAME)).toBe(true);
    expect(isDefaultPcUserName(' PC用户 ')).toBe(true);
  });

  it('leaves every chosen name alone, also one that merely contains the default', () => {
    for (const name of ['李雷', 'PC user', 'PC用户2', '我是PC用户', '']) expect(isDefaultPcUserName(name)).toBe(false);
  });
});
