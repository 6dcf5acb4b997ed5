import { LANGUAGES, type Language } from '@spatia/contract';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Spec 9: the `language` cookie decides; else the browser language; else zh. */
export function detectLanguage(cookieValue: string | undefined, browserLanguages: readonly string[]): Language {
  if (isLanguage(cookieValue)) return cookieValue;
  for (const tag of browserLanguages) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('en')) return 'en';
    if (lower.startsWith('zh')) return 'zh';
  }
  return 'zh';
}
