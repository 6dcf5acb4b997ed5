/**
 * The site config's query key, on its own: the entry fetches the site config on every page, and importing
 * `query-keys.ts` for this one key would put every feature's keys into the home page's first script
 * (docs/web.md, "Loading"). `queryKeys.siteConfig` is this same key.
 */
export const SITE_CONFIG_KEY = ['site-config'] as const;
