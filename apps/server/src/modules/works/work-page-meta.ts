import type { FastifyRequest } from 'fastify';
import { isWorkOnline } from '@spatia/contract';
import { requestOrigin } from '../../lib/request-info.js';
import type { PageMeta } from '../../plugins/web-app.js';
import { pageTitle } from '../seo/index.js';
import { fileUrl } from '../uploads/index.js';
import type { WorksService } from './works.service.js';

const DETAILS_PATH = /^\/details\/([A-Za-z0-9_-]{1,64})\/?(?:\?|$)/;

/**
 * The link preview of a work's public page: its name, description and cover. Only works anyone may
 * see get one; for others the page keeps the site's own title, so a preview never leaks a draft.
 */
export function describeWorkPage(works: WorksService, publicUrl: string | undefined) {
  return async (request: FastifyRequest): Promise<PageMeta | undefined> => {
    const uid = DETAILS_PATH.exec(request.url)?.[1];
    if (!uid) return undefined;
    const work = await works.findByUid(uid);
    if (!work || work.deletedAt || !isWorkOnline(work.status)) return undefined;
    const origin = requestOrigin(request, publicUrl);
    return {
      title: pageTitle(work.name, request.language),
      description: work.description || work.name,
      imageUrl: work.coverKey ? origin + fileUrl(work.coverKey) : '',
      url: `${origin}/details/${work.uid}`,
    };
  };
}
