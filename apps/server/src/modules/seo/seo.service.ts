import type { FastifyRequest } from 'fastify';
import type { Language } from '@spatia/contract';
import type { Logger } from '../../lib/logger.js';
import { requestOrigin } from '../../lib/request-info.js';
import type { PageMeta } from '../../plugins/web-app.js';
import { robotsTxt, sitemapXml, type SitemapEntry } from './site-map.js';
import { pageTitle, SITE_NAME, STATIC_PAGES, STATIC_SITEMAP, staticPage } from './static-pages.js';

export type PageDescriber = (request: FastifyRequest) => Promise<PageMeta | undefined>;
export type SitemapSource = () => Promise<readonly SitemapEntry[]>;

/** The site's sections a crawler should find from any page. */
const SECTION_PATHS = ['/', '/market', '/guide', '/product', '/enterprise', '/map', '/search'];

/**
 * What search engines and link previews see of the public site: each page's title, description, image
 * and text summary (asked of the module that owns the page, else the site's own pages), the sitemap and
 * robots.txt.
 */
export class SeoService {
  constructor(
    private readonly deps: {
      describers: () => readonly PageDescriber[];
      sitemapSources: () => readonly SitemapSource[];
      publicUrl: string | undefined;
      logger: Logger;
    },
  ) {}

  /** The preview of the page a request asks for, or undefined to serve the app's page as built. */
  async describe(request: FastifyRequest): Promise<PageMeta | undefined> {
    const origin = requestOrigin(request, this.deps.publicUrl);
    const links = sectionLinks(origin, request.language);
    for (const describe of this.deps.describers()) {
      const meta = await describe(request);
      if (meta) return { ...meta, links: meta.links ?? links };
    }
    const pathname = request.url.split('?')[0] ?? '/';
    const page = staticPage(pathname);
    if (!page) return undefined;
    const language = request.language;
    return {
      title: pageTitle(page.title[language], language),
      description: page.description[language],
      imageUrl: '',
      url: origin + page.path,
      links,
    };
  }

  /** Every public page the modules list, after the site's own; a source that fails is logged and left out. */
  async sitemap(request: FastifyRequest): Promise<string> {
    const lists = await Promise.all(
      this.deps.sitemapSources().map((source) =>
        source().catch((error: unknown) => {
          this.deps.logger.error({ err: error }, 'a sitemap source failed; its pages are left out');
          return [];
        }),
      ),
    );
    return sitemapXml(requestOrigin(request, this.deps.publicUrl), [...STATIC_SITEMAP, ...lists.flat()]);
  }

  robots(request: FastifyRequest): string {
    return robotsTxt(requestOrigin(request, this.deps.publicUrl));
  }
}

function sectionLinks(origin: string, language: Language) {
  return SECTION_PATHS.map((path) => {
    const page = STATIC_PAGES.find((candidate) => candidate.path === path)!;
    return { href: origin + path, label: path === '/' ? SITE_NAME[language] : page.title[language] };
  });
}
