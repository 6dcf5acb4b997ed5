import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/en';
import type { Language } from '@spatia/contract';
import { CookieName, readCookie, writeCookie } from '../lib/cookies';
import { detectLanguage, isLanguage } from './language';
import { catalogues } from './locales';

export const resources = { zh: { translation: catalogues.zh }, en: { translation: catalogues.en } } as const;

const dayjsLocale: Record<Language, string> = { zh: 'zh-cn', en: 'en' };

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.language ? [navigator.language] : [];
}

const initialLanguage = detectLanguage(readCookie(CookieName.language), browserLanguages());

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage,
  fallbackLng: false,
  supportedLngs: ['zh', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

dayjs.locale(dayjsLocale[initialLanguage]);
syncDocumentLanguage(initialLanguage);

function syncDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh';
}

/**
 * Switches app strings, dayjs and (through the providers, which listen to i18n) antd's locale, and
 * writes the `language` cookie that the server reads to answer in the same language.
 */
export async function setLanguage(language: Language): Promise<void> {
  writeCookie(CookieName.language, language);
  dayjs.locale(dayjsLocale[language]);
  syncDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

/** Re-writes the language cookie, e.g. after logout cleared every cookie. */
export function rememberLanguage(): void {
  writeCookie(CookieName.language, currentLanguage());
}

export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : 'zh';
}
