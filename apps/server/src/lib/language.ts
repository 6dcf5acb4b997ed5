import type { Language } from '@spatia/contract';

/** The `language` cookie decides; then Accept-Language; then zh (architecture guide, spec 9). */
export function resolveLanguage(cookieValue: string | undefined, acceptLanguage: string | undefined): Language {
  const fromCookie = toLanguage(cookieValue);
  if (fromCookie) return fromCookie;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const fromHeader = toLanguage(part.split(';')[0]);
    if (fromHeader) return fromHeader;
  }
  return 'zh';
}

function toLanguage(tag: string | undefined): Language | undefined {
  const normalized = tag?.trim().toLowerCase() ?? '';
  if (normalized.startsWith('zh')) return 'zh';
  if (normalized.startsWith('en')) return 'en';
  return undefined;
}
