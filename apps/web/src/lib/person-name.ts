import { isDefaultPcUserName } from '@spatia/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/**
 * A person's name as the reader sees it, wherever a name is shown: the registration default, which the
 * person never chose (spec 9), in the reader's language; a blank one as an unknown user; any other name
 * as the person wrote it.
 */
export function displayPersonName(name: string, t: TFunction): string {
  if (!name.trim()) return t('common.person.unknown');
  if (isDefaultPcUserName(name)) return t('common.person.defaultName');
  return name;
}

/** `displayPersonName` in the current language, for components. */
export function usePersonName(): (name: string) => string {
  const { t } = useTranslation();
  return (name) => displayPersonName(name, t);
}
