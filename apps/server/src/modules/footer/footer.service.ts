import { APP_DOWNLOAD_PAGE_PATH, type MobileAppInfo, type SiteConfig } from '@spatia/contract';
import type { Config } from '../../config/config.js';

/** The allow-listed settings the browser may read; nothing else from the configuration leaves the server. */
export function publicSiteConfig(config: Config): SiteConfig {
  const site = config.site;
  const registrationLinks = [
    { label: site.SITE_ICP_RECORD, url: site.SITE_ICP_URL },
    { label: site.SITE_PSB_RECORD, url: site.SITE_PSB_URL ?? publicSecurityRecordUrl(site.SITE_PSB_RECORD) },
  ]
    .filter((link) => link.label !== '')
    .map((link) => ({ label: { zh: link.label, en: link.label }, url: link.url }));
  return {
    companyName: { zh: site.SITE_COMPANY_NAME_ZH, en: site.SITE_COMPANY_NAME_EN },
    servicePhone: site.SITE_SERVICE_PHONE,
    serviceHours: site.SITE_SERVICE_HOURS,
    softwareNotice: { zh: site.SITE_SOFTWARE_NOTICE_ZH, en: site.SITE_SOFTWARE_NOTICE_EN },
    certificateNumbers: site.SITE_CERTIFICATE_NUMBERS,
    registrationLinks,
    privacyUrl: site.SITE_PRIVACY_URL,
    wechatLogin: config.wechat !== undefined,
    apiBaseUrls: {
      main: '/api',
      tjhx: site.TJHX_API_BASE_URL,
      pointCloud: site.POINT_CLOUD_API_BASE_URL,
      maps: site.MAPS_API_BASE_URL,
    },
    map: { tileUrl: site.MAP_TILE_URL, attribution: site.MAP_TILE_ATTRIBUTION },
    pointCloudListUrl: site.POINT_CLOUD_LIST_URL,
    sandboxMoney: config.payments.providers.includes('sandbox') || config.payouts.providers.includes('sandbox'),
  };
}

/** The public-security filing system's page for a record, as its own footer snippet links it: the record's number is the code. */
function publicSecurityRecordUrl(record: string): string {
  const code = record.match(/\d{6,}/)?.[0] ?? '';
  return `https://beian.mps.gov.cn/#/query/webSearch?code=${code}`;
}

/** `origin`: where people reach this site, for the download page when no package URL is configured. */
export function mobileAppInfo(config: Config, origin: string): MobileAppInfo {
  return { apkUrl: config.apkUrl, downloadUrl: config.apkUrl || `${origin}${APP_DOWNLOAD_PAGE_PATH}` };
}
