import { LANGUAGES, pickBrowserLanguage, type Language } from '@spatia/contract';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Spec 9: the `language` cookie decides; else the browser language; else zh. */
export function detectLanguage(cookieValue: string | undefined, browserLanguages: readonly string[]): Language {
  return isLanguage(cookieValue) ? cookieValue : pickBrowserLanguage(browserLanguages);
}
