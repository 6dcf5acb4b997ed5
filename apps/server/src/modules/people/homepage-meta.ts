import type { FastifyRequest } from 'fastify';
import type { Language } from '@spatia/contract';
import { AppError } from '../../lib/app-error.js';
import { requestOrigin } from '../../lib/request-info.js';
import type { PageMeta } from '../../plugins/web-app.js';
import { pageTitle } from '../seo/index.js';
import type { PeopleService } from './people.service.js';

const HOMEPAGE_PATH = /^\/userWork\/([A-Za-z0-9_-]{1,64})\/?(?:\?|$)/;

const describeCounts = (language: Language, works: number, fans: number) =>
  language === 'zh' ? `${works} 件公开作品 · ${fans} 位粉丝` : `${works} public ${works === 1 ? 'work' : 'works'} · ${fans} ${fans === 1 ? 'follower' : 'followers'}`;

/** The link preview of a personal homepage: the person's name, avatar and how many works and followers they have. */
export function describeHomepage(people: PeopleService, publicUrl: string | undefined) {
  return async (request: FastifyRequest): Promise<PageMeta | undefined> => {
    const uid = HOMEPAGE_PATH.exec(request.url)?.[1];
    if (!uid) return undefined;
    const homepage = await people.homepage(undefined, uid, request.language).catch((error: unknown) => {
      if (error instanceof AppError) return undefined; // an unknown or disabled person keeps the site's own title
      throw error;
    });
    if (!homepage) return undefined;
    const origin = requestOrigin(request, publicUrl);
    const badges = homepage.identities.map((identity) => identity.name).join(' · ');
    return {
      title: pageTitle(homepage.name, request.language),
      description: [describeCounts(request.language, homepage.worksTotal, homepage.fans), badges].filter(Boolean).join(' · '),
      imageUrl: homepage.avatarUrl.startsWith('/') ? origin + homepage.avatarUrl : homepage.avatarUrl,
      url: `${origin}/userWork/${homepage.uid}`,
    };
  };
}
