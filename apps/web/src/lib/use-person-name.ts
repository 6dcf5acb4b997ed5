import { nameForReader } from '@spatia/contract';
import { useLanguage } from '../i18n';

/**
 * How to show people's names: a name the platform gave (the first administrator's, the demo
 * account's) in the reader's language, following a language switch; a name a person chose as it is.
 */
export function usePersonName(): (name: string) => string {
  const language = useLanguage();
  return (name) => nameForReader(name, language);
}
