import { describe, expect, it } from 'vitest';
import { contrastOf, shopThemeOf, shopThemeStyle, textColourOn } from './shop-theme';

describe('a shop’s colours', () => {
  it('come from the template', () => {
    const classic = shopThemeOf('classic', '#ff0000');
    expect(classic).toMatchObject({ accent: '#1668dc', background: '#ffffff', surface: '#ffffff', dark: false, onAccent: '#ffffff' });
    expect(classic.emphasis).toBe('#1668dc');
    const gallery = shopThemeOf('gallery', null);
    expect(gallery).toMatchObject({ accent: '#e6b450', background: '#141414', dark: true, onAccent: '#1f2329' });
    expect(contrastOf(gallery.text, gallery.background)).toBeGreaterThan(7);
  });

  it('take the brand colour where the template uses it, and only a real colour', () => {
    expect(shopThemeOf('enterprise', '#0A7F3F').accent).toBe('#0a7f3f');
    expect(shopThemeOf('enterprise', null).accent).toBe('#1668dc');
    expect(shopThemeOf('enterprise', 'red').accent).toBe('#1668dc');
  });

  it('keep prices readable when the brand colour is pale', () => {
    const pale = shopThemeOf('enterprise', '#ffe58f');
    expect(pale.emphasis).toBe(pale.text);
    expect(pale.onAccent).toBe('#1f2329');
  });

  it('fall back to the first template for an unknown code', () => {
    expect(shopThemeOf('nope', null).accent).toBe('#1668dc');
  });

  it('are handed to the shell as CSS variables', () => {
    expect(shopThemeStyle(shopThemeOf('warm', null))).toMatchObject({ '--m-accent': '#c2410c', '--m-background': '#fff7ed' });
  });

  it('pick the text that reads', () => {
    expect(textColourOn('#000000')).toBe('#ffffff');
    expect(textColourOn('#ffffff')).toBe('#1f2329');
  });
});
