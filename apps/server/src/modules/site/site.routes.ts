import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Config } from '../../config/config.js';
import { ok, responses } from '../../lib/envelope.js';
import { mobileAppInfo, publicSiteConfig } from './site.service.js';

const Bilingual = Type.Object({ zh: Type.String(), en: Type.String() });

const SiteConfigSchema = Type.Object({
  companyName: Bilingual,
  servicePhone: Type.String(),
  serviceHours: Type.String(),
  softwareNotice: Bilingual,
  certificateNumbers: Type.Array(Type.String()),
  registrationLinks: Type.Array(Type.Object({ label: Bilingual, url: Type.String() })),
  privacyUrl: Type.String(),
  wechatLogin: Type.Boolean(),
  apiBaseUrls: Type.Object({ main: Type.String(), tjhx: Type.String(), pointCloud: Type.String(), maps: Type.String() }),
  pointCloudListUrl: Type.String(),
});

export const siteRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const siteConfig = publicSiteConfig(config);
  const appInfo = mobileAppInfo(config);

  app.get(
    '/api/open/siteConfig',
    { schema: { tags: ['platform'], summary: 'Public site settings: footer texts, service line, API hosts', response: responses(SiteConfigSchema, []) } },
    async () => ok(siteConfig),
  );

  app.get(
    '/api/open/c/zhipaiApp',
    {
      schema: {
        tags: ['platform'],
        summary: 'Where the mobile capture app is downloaded (empty when the operator has not configured it)',
        response: responses(Type.Object({ apkUrl: Type.String() }), []),
      },
    },
    async () => ok(appInfo),
  );
};
