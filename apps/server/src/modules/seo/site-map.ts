/** One public page a search engine should know: its path and when it last changed (epoch ms), if known. */
export interface SitemapEntry {
  path: string;
  updatedAt?: number;
}

/** The most entries one contributor may list; sitemaps.org allows 50,000 per file, and there are a handful of contributors. */
export const SITEMAP_ENTRIES_PER_SOURCE = 10_000;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/** sitemap.xml (sitemaps.org 0.9) of the given pages under `origin`; the same path twice is listed once. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls = entries
    .filter((entry) => !seen.has(entry.path) && seen.add(entry.path))
    .map((entry) => {
      const lastmod = entry.updatedAt ? `<lastmod>${new Date(entry.updatedAt).toISOString()}</lastmod>` : '';
      return `  <url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod}</url>`;
    });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join(
    '\n',
  );
}

/**
 * The console and the sign-in flows are nobody's search result; the API answers JSON. Everything else
 * (the public site, works, articles, homepages, the market) may be crawled.
 */
const PRIVATE_PREFIXES = [
  '/api/',
  '/files/',
  '/login',
  '/dashboard/',
  '/model/',
  '/recharge/',
  '/signed/',
  '/userInformation/',
  '/recode/',
  '/wallet/',
  '/order',
  '/team/',
  '/tujingxiu/',
  '/landingPage/',
  '/explain/',
  '/admin',
  '/notifications',
  '/serviceOrder',
  '/alipayAuthorization',
  '/mobile/qrConfirm',
  '/mobile/withdrawConfirm',
  '/mobile/sandboxPay',
];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
