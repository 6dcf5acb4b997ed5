import { describe, expect, it } from 'vitest';
import { buildCatalogues } from './catalogues';
import { catalogues, localeFiles } from './locales';

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

describe('the message files', () => {
  const paths = Object.keys(localeFiles);

  it('are read from i18n/locales and from every feature that has strings', () => {
    expect(paths).toEqual(expect.arrayContaining(['./zh/common.json', './en/common.json']));
    expect(paths).toEqual(
      expect.arrayContaining([
        '../../features/withdrawals/locales/zh/withdrawals.json',
        '../../features/withdrawals/locales/en/withdrawals.json',
      ]),
    );
  });

  it('all lie in a zh or en folder, shared or of a feature', () => {
    const misplaced = paths.filter((path) => !/^(?:\.|\.\.\/\.\.\/features\/[\w-]+\/locales)\/(zh|en)\/\w+\.json$/.test(path));
    expect(misplaced).toEqual([]);
  });

  it('each have their twin in the other language, in the same place', () => {
    const twin = (path: string) =>
      path.replace(/\/(zh|en)\/(\w+\.json)$/, (_, language: string, file: string) => `/${language === 'zh' ? 'en' : 'zh'}/${file}`);
    expect(paths.filter((path) => !paths.includes(twin(path)))).toEqual([]);
  });
});

describe('buildCatalogues', () => {
  it('names each namespace by its file, wherever the file lies', () => {
    const built = buildCatalogues({
      './zh/common.json': { ok: '好' },
      './en/common.json': { ok: 'OK' },
      '../../features/wallet/locales/zh/wallet.json': { title: '钱包' },
      '../../features/wallet/locales/en/wallet.json': { title: 'Wallet' },
    });
    expect(built).toEqual({
      zh: { common: { ok: '好' }, wallet: { title: '钱包' } },
      en: { common: { ok: 'OK' }, wallet: { title: 'Wallet' } },
    });
  });

  it('refuses a namespace that two files define, naming both', () => {
    const files = {
      './en/wallet.json': { title: 'Wallet' },
      '../../features/wallet/locales/en/wallet.json': { title: 'Wallet' },
    };
    expect(() => buildCatalogues(files)).toThrow(
      'The namespace "wallet" (en) is defined twice: ./en/wallet.json and ../../features/wallet/locales/en/wallet.json',
    );
  });

  it('lets two languages each define the namespace once', () => {
    expect(() => buildCatalogues({ './zh/menu.json': {}, './en/menu.json': {} })).not.toThrow();
  });
});

describe('translations', () => {
  it('loads the same namespaces in both languages', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(zh)).toEqual(expect.arrayContaining(['common', 'menu', 'works', 'errors', 'withdrawals', 'notifications']));
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
