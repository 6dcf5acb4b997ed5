import type { Language } from '@spatia/contract';
import { isLanguage } from './language';

/** One namespace of messages, as its JSON file holds it (nested objects of strings). */
export type Messages = { [key: string]: string | Messages };

export type Catalogues = Record<Language, Record<string, Messages>>;

/** `…/<language>/<namespace>.json`: the language folder and the namespace a file defines. */
const LOCALE_FILE = /(?:^|\/)(\w+)\/(\w+)\.json$/;

/**
 * Every namespace of each language, keyed by file name (`./en/home.json` and
 * `../../features/withdrawals/locales/en/withdrawals.json` become `home` and `withdrawals`). A namespace
 * defined by two files of one language is refused, naming both: one would silently hide the other.
 */
export function buildCatalogues(files: Readonly<Record<string, Messages>>): Catalogues {
  const catalogues: Catalogues = { zh: {}, en: {} };
  const definedAt: Record<Language, Record<string, string>> = { zh: {}, en: {} };
  for (const [path, messages] of Object.entries(files)) {
    const [, lang, namespace] = LOCALE_FILE.exec(path) ?? [];
    if (!namespace || !isLanguage(lang)) continue;
    const earlier = definedAt[lang][namespace];
    if (earlier !== undefined) {
      throw new Error(`The namespace "${namespace}" (${lang}) is defined twice: ${earlier} and ${path}`);
    }
    definedAt[lang][namespace] = path;
    catalogues[lang][namespace] = messages;
  }
  return catalogues;
}
