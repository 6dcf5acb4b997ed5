import { nameForReader, type Language } from '@spatia/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLanguage, useLanguage } from '../i18n';

/**
 * A person's name as the reader sees it, wherever a name is shown: a name the platform gave (the
 * registration default of spec 9, the first administrator's, the demo account's) in the reader's
 * language; a blank one as an unknown user; any other name as the person wrote it.
 */
export function displayPersonName(name: string, t: TFunction, language: Language = currentLanguage()): string {
  if (!name.trim()) return t('common.person.unknown');
  return nameForReader(name, language);
}

/** `displayPersonName` in the current language, following a language switch, for components. */
export function usePersonName(): (name: string) => string {
  const { t } = useTranslation();
  const language = useLanguage();
  return (name) => displayPersonName(name, t, language);
}
