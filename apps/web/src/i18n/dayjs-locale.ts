import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Language } from '@spatia/contract';
import { currentLanguage, i18n } from './index';

const dayjsLocale: Record<Language, string> = { zh: 'zh-cn', en: 'en' };

let following = false;

/**
 * Dates formatted by dayjs (and antd's date pickers) in the current language, from now on and after every switch.
 * Called where dayjs is first needed, with antd (app/antd-scope.tsx), so that dayjs and its locales stay out of
 * the home page's first script (docs/web.md, "Loading").
 */
export function followLanguageInDayjs(): void {
  if (following) return;
  following = true;
  dayjs.locale(dayjsLocale[currentLanguage()]);
  i18n.on('languageChanged', () => dayjs.locale(dayjsLocale[currentLanguage()]));
}
