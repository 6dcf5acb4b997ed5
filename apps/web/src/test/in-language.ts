import type { Language } from '@spatia/contract';
import { afterAll, beforeAll } from 'vitest';
import { i18n } from '../i18n';

/**
 * Runs the tests of the enclosing describe block in one language, then goes back to Chinese, the
 * language the other tests of the file expect.
 */
export function inLanguage(language: Language): void {
  beforeAll(async () => {
    await i18n.changeLanguage(language);
  });
  afterAll(async () => {
    await i18n.changeLanguage('zh');
  });
}
