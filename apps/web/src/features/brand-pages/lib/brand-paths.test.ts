import { describe, expect, it } from 'vitest';
import { landingPath, showcasePath, textColourOn } from './brand-paths';

describe('brand page paths and colours', () => {
  it('open under /space', () => {
    expect(showcasePath('abc_DEF-123456789')).toBe('/space/showcase/abc_DEF-123456789');
    expect(landingPath('x')).toBe('/space/landing/x');
  });

  it('pick the text colour that reads on the brand colour', () => {
    expect(textColourOn('#ffffff')).toBe('#000000');
    expect(textColourOn('#ffd600')).toBe('#000000');
    expect(textColourOn('#1668dc')).toBe('#ffffff');
    expect(textColourOn('#000000')).toBe('#ffffff');
    expect(textColourOn('nonsense')).toBe('#ffffff');
  });
});
