import { describe, expect, it } from 'vitest';
import { catalogues } from './locales';

const { zh, en } = catalogues;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Flattens nested messages into dotted keys; plural variants count as their base key. */
function keysOf(value: unknown, prefix = ''): Set<string> {
  const keys = new Set<string>();
  if (typeof value === 'string') {
    keys.add(prefix.replace(PLURAL_SUFFIX, ''));
    return keys;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => keysOf(item, `${prefix}[${index}]`).forEach((key) => keys.add(key)));
    return keys;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    keysOf(child, prefix ? `${prefix}.${key}` : key).forEach((item) => keys.add(item));
  }
  return keys;
}

describe('translations', () => {
  it('loads the same namespaces from both folders', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(zh)).toEqual(expect.arrayContaining(['common', 'menu', 'works', 'errors']));
  });

  const zhKeys = keysOf(zh);
  const enKeys = keysOf(en);

  it('has every zh key in en', () => {
    expect([...zhKeys].filter((key) => !enKeys.has(key))).toEqual([]);
  });

  it('has every en key in zh', () => {
    expect([...enKeys].filter((key) => !zhKeys.has(key))).toEqual([]);
  });

  it('has no empty strings', () => {
    const empty: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (typeof value === 'string') {
        if (!value.trim()) empty.push(path);
      } else if (value && typeof value === 'object') {
        for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
      }
    };
    walk(zh, 'zh');
    walk(en, 'en');
    expect(empty).toEqual([]);
  });

  it('detects the fixed page title in both languages', () => {
    expect(zh.common?.appTitle).toBe('设计软件云服务平台');
    expect(en.common?.appTitle).toBe('Cloud service platform for design software');
  });
});
