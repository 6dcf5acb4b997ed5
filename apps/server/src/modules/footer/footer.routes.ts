import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config/config.js';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { requestOrigin } from '../../lib/request-info.js';
import { MobileAppSchema, SiteConfigSchema, tags } from './footer.schemas.js';
import { mobileAppInfo, publicSiteConfig } from './footer.service.js';

const route = routesFor(tags);

export const footerRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const siteConfig = publicSiteConfig(config);

  app.get(
    '/api/open/siteConfig',
    route.anyone({ summary: 'Public site settings: footer texts, service line, API hosts', data: SiteConfigSchema }),
    async () => ok(siteConfig),
  );

  app.get(
    '/api/open/c/zhipaiApp',
    route.anyone({
      summary: 'Where the mobile capture app is downloaded: the configured package (apkUrl, empty when none is) and what the QR code opens',
      data: MobileAppSchema,
    }),
    async (request) => ok(mobileAppInfo(config, requestOrigin(request, config.publicUrl))),
  );
};
