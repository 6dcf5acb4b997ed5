import type { Language } from '@spatia/contract';

/** One namespace of messages, as its JSON file holds it (nested objects of strings). */
export type Messages = { [key: string]: string | Messages };

const files = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });

/** Every namespace of one language, keyed by file name: `./en/home.json` becomes `home`. */
function catalogueOf(language: Language): Record<string, Messages> {
  const namespaces: Record<string, Messages> = {};
  for (const [path, messages] of Object.entries(files)) {
    const match = /^\.\/(\w+)\/(\w+)\.json$/.exec(path);
    if (match?.[1] === language && match[2]) namespaces[match[2]] = messages;
  }
  return namespaces;
}

export const catalogues: Record<Language, Record<string, Messages>> = { zh: catalogueOf('zh'), en: catalogueOf('en') };
