import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { pageOf } from '../../lib/schemas.js';
import { WorkSummarySchema } from '../works/index.js';
import {
  AuthorizeCandidatesSchema,
  FollowListPageSchema,
  FollowListQuerySchema,
  FollowRelationSchema,
  PersonHomepageSchema,
  PersonIdParams,
  PersonUidParams,
  PersonWorksQuery,
  PhoneOrCodesParams,
  RemarkQuery,
  SearchQuery,
  tags,
} from './people.schemas.js';
import type { PeopleService } from './people.service.js';

const route = routesFor(tags);

/** Spec 7.3: follows, fans and mutual follows, the people search; our paths for personal homepages (docs/people.md). */
export const peopleRoutes: FastifyPluginAsyncTypebox<{ people: PeopleService }> = async (app, { people }) => {
  app.post(
    '/api/c/follow/:id',
    route.signedIn({
      summary: 'Follow a person by uid (following again changes nothing; oneself is refused)',
      params: PersonIdParams,
      data: FollowRelationSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await people.follow(request.auth!.user, request.params.id)),
  );

  app.post(
    '/api/c/unFollow/:id',
    route.signedIn({
      summary: 'Stop following a person (when I do not follow them, nothing changes)',
      params: PersonIdParams,
      data: FollowRelationSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await people.unfollow(request.auth!.user, request.params.id)),
  );

  app.post(
    '/api/c/removeFollow/:id',
    route.signedIn({
      summary: 'Remove a follower of mine (when they do not follow me, nothing changes)',
      params: PersonIdParams,
      data: FollowRelationSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await people.removeFollower(request.auth!.user, request.params.id)),
  );

  app.post(
    '/api/v2/c/follow/:phoneOrCodes',
    route.signedIn({
      summary: 'Follow a person by phone number or invite code, with my remark name for them',
      params: PhoneOrCodesParams,
      querystring: RemarkQuery,
      data: FollowRelationSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await people.followByPhoneOrCode(request.auth!.user, request.params.phoneOrCodes, request.query.remarkName)),
  );

  app.get(
    '/api/c/follows',
    route.signedIn({
      summary: 'People I follow, newest first (keyset paging by cursor; q searches name and remark)',
      querystring: FollowListQuerySchema,
      data: FollowListPageSchema,
      failures: [400],
    }),
    async (request) => ok(await people.list(request.auth!.user, 'follows', request.query)),
  );

  app.get(
    '/api/c/fans',
    route.signedIn({
      summary: 'People who follow me, newest first (keyset paging by cursor; q searches name and remark)',
      querystring: FollowListQuerySchema,
      data: FollowListPageSchema,
      failures: [400],
    }),
    async (request) => ok(await people.list(request.auth!.user, 'fans', request.query)),
  );

  app.get(
    '/api/c/followEachOthers',
    route.signedIn({
      summary: 'People I follow who follow me, newest follow first (keyset paging by cursor; q searches name and remark)',
      querystring: FollowListQuerySchema,
      data: FollowListPageSchema,
      failures: [400],
    }),
    async (request) => ok(await people.list(request.auth!.user, 'mutual', request.query)),
  );

  app.get(
    '/api/c/availableAuthorizePersonList/search',
    route.signedIn({
      summary: 'People I may hand works to: mutual follows and my team first, then exact phone or name matches',
      querystring: SearchQuery,
      data: AuthorizeCandidatesSchema,
      failures: [400],
    }),
    async (request) => ok(await people.searchAuthorizable(request.auth!.user, request.query.q)),
  );

  app.get('/api/c/person', route.signedIn({ summary: 'My own personal homepage', data: PersonHomepageSchema }), async (request) =>
    ok(await people.ownHomepage(request.auth!.user, request.language)),
  );

  app.get(
    '/api/open/person/:uid',
    route.public({
      summary: "A person's homepage, open to everyone; whether I follow them and they me when signed in",
      params: PersonUidParams,
      data: PersonHomepageSchema,
      failures: [404],
    }),
    async (request) => ok(await people.homepage(request.auth?.user, request.params.uid, request.language)),
  );

  app.get(
    '/api/open/person/:uid/works',
    route.anyone({
      summary: "A person's public works, by type, newest first (online works only, as anyone sees them)",
      params: PersonUidParams,
      querystring: PersonWorksQuery,
      data: pageOf(WorkSummarySchema),
      failures: [400, 404],
    }),
    async (request) => {
      const { type, pageNum, pageSize } = request.query;
      return ok(await people.publicWorks(request.params.uid, { type: type || undefined, pageNum, pageSize }, request.language));
    },
  );
};
