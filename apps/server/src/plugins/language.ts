import fp from 'fastify-plugin';
import { LANGUAGE_COOKIE } from '@spatia/contract';
import { resolveLanguage } from '../lib/language.js';
import { readCookie } from '../lib/request-info.js';

/** `request.language`, worked out only when something reads it (most successful answers never do). */
export const languagePlugin = fp(
  async (app) => {
    app.decorateRequest('language', {
      getter() {
        return resolveLanguage(readCookie(this, LANGUAGE_COOKIE), this.headers['accept-language']);
      },
    });
  },
  { name: 'language' },
);
