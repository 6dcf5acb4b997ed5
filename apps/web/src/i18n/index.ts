import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Language } from '@spatia/contract';
import { CookieName, readCookie, writeCookie } from '../lib/cookies';
import { detectLanguage, isLanguage } from './language';
import { connectNamespaces, loadMissing, namespacesReady } from './namespaces';

export { namespacesReady } from './namespaces';

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.language ? [navigator.language] : [];
}

const initialLanguage = detectLanguage(readCookie(CookieName.language), browserLanguages());

export const i18n = i18next.createInstance();

// Messages arrive by namespace, in the current language only (./namespaces.ts); components re-render when
// one is added, and a key of a namespace nobody announced loads it.
void i18n.use(initReactI18next).init({
  resources: { zh: { translation: {} }, en: { translation: {} } },
  partialBundledLanguages: true,
  react: { bindI18nStore: 'added' },
  saveMissing: true,
  missingKeyHandler: (_languages, _namespace, key) => loadMissing(key),
  lng: initialLanguage,
  fallbackLng: false,
  supportedLngs: ['zh', 'en'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

connectNamespaces(i18n, currentLanguage);
syncDocumentLanguage(initialLanguage);

function syncDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'zh';
}

/**
 * Switches app strings, dayjs (i18n/dayjs-locale.ts, once loaded) and antd's locale, and
 * writes the `language` cookie that the server reads to answer in the same language.
 */
export async function setLanguage(language: Language): Promise<void> {
  // The new language's messages and antd's locale first, so that the page switches in one step.
  await Promise.all([namespacesReady(language), ...[...languageLoaders].map((load) => load(language))]);
  writeCookie(CookieName.language, language);
  syncDocumentLanguage(language);
  await i18n.changeLanguage(language);
}

const languageLoaders = new Set<(language: Language) => Promise<unknown>>();

/** Something else a language needs before the page switches to it (antd's locale: app/providers.tsx). */
export function onLanguageLoad(load: (language: Language) => Promise<unknown>): void {
  languageLoaders.add(load);
}

/** Re-writes the language cookie, e.g. after logout cleared every cookie. */
export function rememberLanguage(): void {
  writeCookie(CookieName.language, currentLanguage());
}

export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return isLanguage(instance.language) ? instance.language : 'zh';
}
