import {
  AUTHORIZE_SEARCH_MAX,
  FOLLOW_PAGE_SIZE_DEFAULT,
  FOLLOW_PAGE_SIZE_MAX,
  PEOPLE_QUERY_MAX,
  PERSON_WORKS_PAGE_SIZE_DEFAULT,
  REMARK_NAME_MAX,
  WORK_PAGE_SIZE_MAX,
} from '@spatia/contract';
import { Type } from 'typebox';
import { Uid, literals } from '../../lib/schemas.js';
import { WorkTypeSchema } from '../works/index.js';

/** Request and response shapes of follows and homepages (docs/people.md). */
export const tags = ['people'];

export const PersonIdParams = Type.Object({ id: Uid });
export const PersonUidParams = Type.Object({ uid: Uid });
export const PhoneOrCodesParams = Type.Object({
  phoneOrCodes: Type.String({ minLength: 1, maxLength: 64, description: 'an 11-digit phone number or an invite code' }),
});
export const RemarkQuery = Type.Object({
  remarkName: Type.Optional(Type.String({ maxLength: REMARK_NAME_MAX, description: 'my name for them; empty keeps none' })),
});

export const FollowListQuerySchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: PEOPLE_QUERY_MAX, description: 'part of their name or of my remark name for them' })),
  cursor: Type.Optional(
    Type.String({ maxLength: 32, description: "the previous page's nextCursor; none for the first page (keyset paging, newest first)" }),
  ),
  pageSize: Type.Integer({ minimum: 1, maximum: FOLLOW_PAGE_SIZE_MAX, default: FOLLOW_PAGE_SIZE_DEFAULT }),
});

export const SearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: PEOPLE_QUERY_MAX, description: 'a name, part of one, or an exact phone number' })),
});

export const PersonWorksQuery = Type.Object({
  type: Type.Optional(Type.Union([WorkTypeSchema, Type.Literal('')], { description: 'one type; empty or none for all' })),
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: WORK_PAGE_SIZE_MAX, default: PERSON_WORKS_PAGE_SIZE_DEFAULT }),
});

const PersonCard = {
  uid: Type.String(),
  name: Type.String(),
  avatarUrl: Type.String(),
};

export const FollowListItemSchema = Type.Object({
  ...PersonCard,
  remarkName: Type.String(),
  mutual: Type.Boolean(),
  since: Type.Integer({ description: 'epoch ms' }),
});

export const FollowListPageSchema = Type.Object({
  list: Type.Array(FollowListItemSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()], { description: 'null on the last page' }),
});

export const FollowRelationSchema = Type.Object({
  uid: Type.String(),
  isFollowing: Type.Boolean(),
  isFollowedBy: Type.Boolean(),
  remarkName: Type.String(),
});

export const AuthorizeCandidatesSchema = Type.Array(
  Type.Object({ ...PersonCard, relation: literals(['mutual', 'team', 'other'] as const), remarkName: Type.String() }),
  { maxItems: AUTHORIZE_SEARCH_MAX },
);

const WorkCounts = Type.Object({ panorama: Type.Integer(), model3d: Type.Integer(), pointcloud: Type.Integer() });

export const PersonHomepageSchema = Type.Object({
  ...PersonCard,
  enterpriseLogoUrl: Type.String(),
  identities: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String() })),
  follows: Type.Integer(),
  fans: Type.Integer(),
  works: WorkCounts,
  worksTotal: Type.Integer(),
  isSelf: Type.Boolean(),
  viewer: Type.Union([Type.Object({ isFollowing: Type.Boolean(), isFollowedBy: Type.Boolean(), remarkName: Type.String() }), Type.Null()]),
});
