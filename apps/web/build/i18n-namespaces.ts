/// <reference types="node" />
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Which translation namespaces each module needs, found at build time (docs/web.md, "Loading").
 *
 * A namespace is a message file, `src/i18n/locales/<lang>/<ns>.json` or
 * `src/features/<feature>/locales/<lang>/<ns>.json`, and its keys are written `'<ns>.<key>'`. A module whose
 * source holds a string literal that starts with `<ns>.` gets one line appended that
 * tells the app it needs those namespaces; the app loads them, in the visitor's language only, before the
 * module's route renders (src/i18n/namespaces.ts). The line goes through a global list, not an import, so
 * that no module depends on the i18n code for it (no import cycles, any load order).
 */
export const NEEDS_GLOBAL = '__spatiaNamespaceNeeds';

const SOURCE = /\.(?:ts|tsx)$/;
const LITERAL_HEAD = /['"`]([A-Za-z_]\w*)\./g;

function namespacesIn(srcDir: string): Set<string> {
  const names = new Set<string>();
  const addFrom = (localesDir: string) => {
    for (const language of safeList(localesDir)) {
      for (const file of safeList(path.join(localesDir, language))) {
        if (file.endsWith('.json')) names.add(file.slice(0, -'.json'.length));
      }
    }
  };
  addFrom(path.join(srcDir, 'i18n/locales'));
  for (const feature of safeList(path.join(srcDir, 'features'))) addFrom(path.join(srcDir, 'features', feature, 'locales'));
  return names;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Lines that are comments only (`//`, and `/**`, `/*` and ` * ` of block comments): a key quoted in a comment
 * (`works.detailIn` in query-keys.ts) is no use of it.
 */
const COMMENT_LINE = /^[ \t]*(?:\/\/|\/\*|\*).*$/gm;

/** The namespaces a module's source names, in the order they first appear. */
export function namespacesUsed(code: string, known: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const match of code.replace(COMMENT_LINE, '').matchAll(LITERAL_HEAD)) {
    if (known.has(match[1]!)) found.add(match[1]!);
  }
  return [...found];
}

export function i18nNamespaces(): Plugin {
  let srcDir = '';
  let known: Set<string> | undefined;
  return {
    name: 'spatia-i18n-namespaces',
    configResolved(config) {
      srcDir = path.join(config.root, 'src');
    },
    watchChange(id) {
      if (id.endsWith('.json')) known = undefined;
    },
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!SOURCE.test(file) || !file.startsWith(srcDir) || file.includes('/i18n/') || /\.test\.tsx?$/.test(file)) return null;
      known ??= namespacesIn(srcDir);
      const used = namespacesUsed(code, known);
      if (used.length === 0) return null;
      const line = `\n(globalThis.${NEEDS_GLOBAL} ||= []).push(${JSON.stringify(used)});\n`;
      return { code: code + line, map: null };
    },
  };
}
