import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../../config/config.js';
import { ok, responses } from '../../lib/envelope.js';
import { requestOrigin } from '../../lib/request-info.js';
import { MobileAppSchema, SiteConfigSchema, tags } from './site.schemas.js';
import { mobileAppInfo, publicSiteConfig } from './site.service.js';

export const siteRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const siteConfig = publicSiteConfig(config);

  app.get(
    '/api/open/siteConfig',
    {
      config: { auth: 'anyone' },
      schema: { tags, summary: 'Public site settings: footer texts, service line, API hosts', response: responses(SiteConfigSchema, []) },
    },
    async () => ok(siteConfig),
  );

  app.get(
    '/api/open/c/zhipaiApp',
    {
      config: { auth: 'anyone' },
      schema: {
        tags,
        summary:
          'Where the mobile capture app is downloaded: the configured package (apkUrl, empty when none is) and what the QR code opens',
        response: responses(MobileAppSchema, []),
      },
    },
    async (request) => ok(mobileAppInfo(config, requestOrigin(request, config.publicUrl))),
  );
};
