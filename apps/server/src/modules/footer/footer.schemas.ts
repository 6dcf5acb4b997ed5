import { Type } from 'typebox';

/** Response shapes of the public site settings; they write the OpenAPI document. */
export const tags = ['platform'];

const Bilingual = Type.Object({ zh: Type.String(), en: Type.String() });

export const SiteConfigSchema = Type.Object({
  companyName: Bilingual,
  servicePhone: Type.String(),
  serviceHours: Type.String(),
  softwareNotice: Bilingual,
  certificateNumbers: Type.Array(Type.String()),
  registrationLinks: Type.Array(Type.Object({ label: Bilingual, url: Type.String() })),
  privacyUrl: Type.String(),
  wechatLogin: Type.Boolean(),
  apiBaseUrls: Type.Object({ main: Type.String(), tjhx: Type.String(), pointCloud: Type.String(), maps: Type.String() }),
  map: Type.Object({ tileUrl: Type.String(), attribution: Type.String() }),
  pointCloudListUrl: Type.String(),
  sandboxMoney: Type.Boolean(),
});

export const MobileAppSchema = Type.Object({ apkUrl: Type.String(), downloadUrl: Type.String() });
