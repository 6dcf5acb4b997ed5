import type { FastifyRequest } from 'fastify';
import { requestOrigin } from '../../lib/request-info.js';
import type { PageMeta } from '../../plugins/web-app.js';
import { fileUrl } from '../uploads/index.js';
import type { BrandPagesService } from './brand-pages.service.js';

const BRAND_PAGE_PATH = /^\/space\/(showcase|landing)\/([A-Za-z0-9_-]{16})\/?(?:\?|$)/;

/**
 * The link preview of a published showcase or landing page: its brand name or headline, its text and
 * its logo or first cover. Unpublished pages keep the site's own title, so a preview never leaks a draft.
 */
export function describeBrandPage(brandPages: BrandPagesService, publicUrl: string | undefined) {
  return async (request: FastifyRequest): Promise<PageMeta | undefined> => {
    const match = BRAND_PAGE_PATH.exec(request.url);
    if (!match) return undefined;
    const [, kind, id] = match as unknown as [string, 'showcase' | 'landing', string];
    const meta = kind === 'showcase' ? await brandPages.describeShowcase(id) : await brandPages.describeLandingPage(id);
    if (!meta) return undefined;
    const origin = requestOrigin(request, publicUrl);
    return {
      title: meta.title,
      description: meta.description,
      imageUrl: meta.imageKey ? origin + fileUrl(meta.imageKey) : '',
      url: `${origin}/space/${kind}/${id}`,
    };
  };
}
