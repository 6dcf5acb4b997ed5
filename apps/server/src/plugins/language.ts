import fp from 'fastify-plugin';
import { LANGUAGE_COOKIE, type Language } from '@spatia/contract';
import type { FastifyRequest } from 'fastify';
import { resolveLanguage } from '../lib/language.js';
import { readCookie } from '../lib/request-info.js';

/** The caller's language: the `language` cookie, then Accept-Language, then zh. */
export function languageOf(request: FastifyRequest): Language {
  return resolveLanguage(readCookie(request, LANGUAGE_COOKIE), request.headers['accept-language']);
}

/** `request.language`, worked out only when something reads it (most successful answers never do). */
export const languagePlugin = fp(
  async (app) => {
    app.decorateRequest('language', {
      getter() {
        return languageOf(this);
      },
    });
  },
  { name: 'language' },
);
