import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '@spatia/contract';
import type { Logger } from '../lib/logger.js';
import { translate } from '../lib/messages.js';
import { declareAnyoneInScope } from './api-docs.js';
import { firstViewModuleFiles } from './first-view-modules.js';

export const DEFAULT_WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const HASHED_ASSET = /\/assets\//;

/** What a shared link's preview shows: title, description and picture (absolute URLs). */
export interface PageMeta {
  title: string;
  description: string;
  imageUrl: string;
  url: string;
  /** Longer plain text for crawlers that run no script (an article's opening, say); the description when absent. */
  summary?: string;
  /** Links a crawler may follow from the page (the site's sections), shown in the summary. */
  links?: readonly { href: string; label: string }[];
  /**
   * A picture of what the page's viewer opens on (a tour's first scene), shown full width at once, before
   * any script, and preloaded: the web app keeps it until the viewer has drawn (docs/web.md).
   */
  firstViewImageUrl?: string;
  /** The other files the viewer draws its first frame from (the opening scene's other base faces), preloaded at low priority. */
  firstViewPreloads?: readonly string[];
}

/** The viewer's code a page with a first view announces in its head (first-view-modules.ts). */
export interface FirstViewModules {
  scripts: readonly string[];
  styles: readonly string[];
}

export interface WebAppOptions {
  distDir: string | undefined;
  logger: Logger;
  /** The preview of a page, for pages that have one (a work's /details/ page); crawlers run no script. */
  describePage?: (request: FastifyRequest) => Promise<PageMeta | undefined>;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * index.html with the page's title and its Open Graph, Twitter and WeChat (itemprop) preview tags,
 * which WeChat, QQ, Weibo and most chat apps read when a link is shared.
 */
export function withPageMeta(html: string, meta: PageMeta, modules: FirstViewModules = { scripts: [], styles: [] }): string {
  const [title, description, image, url] = [meta.title, meta.description, meta.imageUrl, meta.url].map(escapeHtml);
  const tags = [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    ...(image ? [`<meta property="og:image" content="${image}" />`, `<meta name="twitter:image" content="${image}" />`] : []),
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
    `<meta itemprop="name" content="${title}" />`,
    `<meta itemprop="description" content="${description}" />`,
    ...(image ? [`<meta itemprop="image" content="${image}" />`] : []),
    ...(meta.firstViewImageUrl
      ? [`<link rel="preload" as="image" href="${escapeHtml(meta.firstViewImageUrl)}" fetchpriority="high" />`]
      : []),
    ...(meta.firstViewPreloads ?? []).map((url) => `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="low" />`),
  ].join('\n    ');
  // After the entry's own list, so that the entry still comes first on the phone's few connections.
  const viewerCode = meta.firstViewImageUrl
    ? [
        ...modules.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(file)}">`),
        ...modules.styles.map((file) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(file)}">`),
      ]
    : [];
  // A function, not a string: a name holding `$&`, `$'` or `` $` `` is text, not a replacement pattern.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>\n    ${tags}`)
    .replace('</head>', () => (viewerCode.length > 0 ? `  ${viewerCode.join('\n    ')}\n  </head>` : '</head>'))
    .replace('<div id="root"></div>', () => `<div id="root">${firstView(meta)}${crawlerSummary(meta)}</div>`);
}

/**
 * The viewer's first picture where the details page puts its viewer (below its 56 px bar, the stage's
 * height): `apps/web/src/app/server-first-view.tsx` reads it before React's first render and draws the
 * same box, so it stays on screen until the viewer's first frame. `elementtiming` lets a benchmark see it painted.
 */
function firstView(meta: PageMeta): string {
  if (!meta.firstViewImageUrl) return '';
  return [
    '<div data-first-view style="padding-top:56px;background:#fff">',
    '<div style="height:clamp(320px,72vh,780px);background:#0b1020;overflow:hidden">',
    `<img src="${escapeHtml(meta.firstViewImageUrl)}" alt="" elementtiming="first-view" fetchpriority="high" style="display:block;width:100%;height:100%;object-fit:cover" />`,
    '</div></div>',
  ].join('');
}

/**
 * The page as text, inside the root the app renders into (React replaces it on its first render): what
 * crawlers that run no script index, and what a visitor on a slow link reads before the script arrives.
 */
function crawlerSummary(meta: PageMeta): string {
  // Under a first view the cover would only take bandwidth from the viewer's files; crawlers have it in og:image.
  const image =
    meta.imageUrl && !meta.firstViewImageUrl
      ? `<img src="${escapeHtml(meta.imageUrl)}" alt="" style="max-width:100%;border-radius:8px" />`
      : '';
  const text = meta.summary ?? meta.description;
  const links = (meta.links ?? []).map((link) => `<a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>`).join(' · ');
  return [
    '<main data-crawler-summary style="max-width:720px;margin:0 auto;padding:24px 16px;font:16px/1.6 system-ui,sans-serif;color:#1f2937">',
    `<h1 style="font-size:24px;line-height:1.3">${escapeHtml(meta.title)}</h1>`,
    image,
    text && text !== meta.title ? `<p>${escapeHtml(text)}</p>` : '',
    links ? `<nav>${links}</nav>` : '',
    '</main>',
  ].join('');
}

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and every
 * unknown path outside /api answered with index.html so the client router can take it.
 */
export const webAppPlugin = fp<WebAppOptions>(
  async (app, options) => {
    const distDir = path.resolve(options.distDir ?? DEFAULT_WEB_DIST_DIR);
    const hasWebApp = existsSync(path.join(distDir, 'index.html'));
    const indexHtml = hasWebApp ? readFileSync(path.join(distDir, 'index.html'), 'utf8') : '';
    const viewerModules = hasWebApp ? firstViewModuleFiles(distDir) : undefined;
    if (hasWebApp) {
      // The app's files are for anyone (docs/access.md: route rules).
      declareAnyoneInScope(app);
      await app.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (response, filePath) => {
          response.header('cache-control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      options.logger.warn({ distDir }, 'no built web app found: only the API is served (run `npm run build`)');
    }

    app.setNotFoundHandler(async (request, reply) => {
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
      if (isPage && hasWebApp) {
        const meta = await options.describePage?.(request);
        if (meta)
          return reply
            .header('cache-control', 'no-cache')
            .type('text/html')
            .send(withPageMeta(indexHtml, meta, viewerModules));
        return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
      }
      return reply.status(404).send({
        code: ErrorCode.notFound,
        msg: translate('routeNotFound', request.language, { method: request.method, url: request.url.split('?')[0] ?? '' }),
      });
    });
  },
  { name: 'web-app', dependencies: ['language'] },
);
