import fp from 'fastify-plugin';
import { LANGUAGE_COOKIE } from '@spatia/contract';
import { resolveLanguage } from '../lib/language.js';

export const languagePlugin = fp(
  async (app) => {
    app.decorateRequest('language', 'zh');
    app.addHook('onRequest', async (request) => {
      request.language = resolveLanguage(request.cookies[LANGUAGE_COOKIE], request.headers['accept-language']);
    });
  },
  { name: 'language', dependencies: ['@fastify/cookie'] },
);
