import { buildCatalogues, type Messages } from '../catalogues';

export type { Messages };

/**
 * The message files: the shared namespaces here (`./zh/common.json`), and each feature's own beside its
 * code (`features/<feature>/locales/{zh,en}/<namespace>.json`), so that a feature brings its strings along.
 */
export const localeFiles: Readonly<Record<string, Messages>> = {
  ...import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Messages>('../../features/*/locales/*/*.json', { eager: true, import: 'default' }),
};

export const catalogues = buildCatalogues(localeFiles);
