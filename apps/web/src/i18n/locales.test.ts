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

/** Every message with its dotted key, plural suffix included. */
function messagesOf(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) messagesOf(child, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
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

  it('puts a number shown with an English noun in plural forms (`_one`, `_other`)', () => {
    // "1 months of traffic": a value interpolated before a plural noun, in a message without plural forms.
    const COUNTED_NOUN =
      /\{\{\s*\w+\s*\}\}\s+(?:\w+\s+)?(?:months|days|hours|minutes|seconds|weeks|years|works|items|entries|users|orders|words|points|attempts|files|scenes|records|sessions|devices|permissions|measurements|hotspots|textures|members|applications|transfers|notices)\b/;
    const singular = [...messagesOf(en)].filter(([key, text]) => !PLURAL_SUFFIX.test(key) && COUNTED_NOUN.test(text)).map(([key]) => key);
    expect(singular).toEqual([]);
  });

  it('gives every English plural message both its `_one` and its `_other` form', () => {
    const keys = new Set(messagesOf(en).keys());
    const incomplete = [...keys]
      .filter((key) => /_(one|other)$/.test(key))
      .filter((key) => !keys.has(key.replace(/_(one|other)$/, '_one')) || !keys.has(key.replace(/_(one|other)$/, '_other')));
    expect(incomplete).toEqual([]);
  });

  it('names the same values in both languages (a renamed placeholder would stay unfilled in one)', () => {
    const placeholders = (catalogue: unknown) => {
      const byKey = new Map<string, Set<string>>();
      for (const [key, text] of messagesOf(catalogue)) {
        const base = key.replace(PLURAL_SUFFIX, '');
        const names = byKey.get(base) ?? new Set<string>();
        for (const match of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) names.add(match[1]!);
        byKey.set(base, names);
      }
      return byKey;
    };
    const zhPlaceholders = placeholders(zh);
    const differing = [...placeholders(en)]
      .filter(([key, names]) => {
        const other = zhPlaceholders.get(key);
        return other !== undefined && [...names].sort().join() !== [...other].sort().join();
      })
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('detects the fixed page title in both languages', () => {
    expect(zh.common?.appTitle).toBe('设计软件云服务平台');
    expect(en.common?.appTitle).toBe('Cloud service platform for design software');
  });
});
