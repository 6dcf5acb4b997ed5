import fp from 'fastify-plugin';
import { LANGUAGE_COOKIE } from '@spatia/contract';
import { resolveLanguage } from '../lib/language.js';

const languageCookie = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

/** `request.language`, worked out only when something reads it (most successful answers never do). */
export const languagePlugin = fp(
  async (app) => {
    app.decorateRequest('language', {
      getter() {
        const cookie = languageCookie.exec(this.headers.cookie ?? '')?.[1];
        return resolveLanguage(cookie && decodeURIComponent(cookie), this.headers['accept-language']);
      },
    });
  },
  { name: 'language' },
);
