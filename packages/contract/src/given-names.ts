import type { Language } from './api.js';
import { DEFAULT_PC_USER_NAME } from './limits.js';

/**
 * Names the platform gives accounts whose people never chose one, as they are stored, and how each
 * language says them: the registration default of the PC site (spec 9), the first administrator's (the
 * first start, or the admin command without `--name`) and the demo account's. Whoever shows a person's name shows these in the reader's
 * language; a name a person typed is shown as typed.
 */
export const GIVEN_NAMES = {
  pcUser: { stored: DEFAULT_PC_USER_NAME, zh: DEFAULT_PC_USER_NAME, en: 'PC user' },
  administrator: { stored: 'Administrator', zh: '管理员', en: 'Administrator' },
  demo: { stored: 'Spatia 示例', zh: 'Spatia 示例', en: 'Spatia examples' },
} as const satisfies Record<string, { stored: string } & Record<Language, string>>;

const byStoredName = new Map<string, Record<Language, string>>(Object.values(GIVEN_NAMES).map((given) => [given.stored, given]));

/** A person's name as the reader should see it: a name the platform gave in the reader's language, any other as it is. */
export function nameForReader(name: string, language: Language): string {
  return byStoredName.get(name.trim())?.[language] ?? name;
}
