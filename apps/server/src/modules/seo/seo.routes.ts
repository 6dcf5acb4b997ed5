import type { FastifyPluginAsync } from 'fastify';
import type { SeoService } from './seo.service.js';

/** Crawlers' files: not part of the API document, open to anyone. */
export const seoRoutes: FastifyPluginAsync<{ seo: SeoService }> = async (app, { seo }) => {
  const anyone = { config: { auth: 'anyone' as const }, schema: { hide: true } };
  app.get('/robots.txt', anyone, async (request, reply) => reply.type('text/plain; charset=utf-8').send(seo.robots(request)));
  app.get('/sitemap.xml', anyone, async (request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(await seo.sitemap(request)),
  );
};
