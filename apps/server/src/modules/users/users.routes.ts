import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fail } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import { isAdmin, type UserInfo } from '@spatia/contract';
import { UserInfoSchema, UserUidParams } from './users.schemas.js';
import type { AuthUser, UsersService } from './users.service.js';

const route = routesFor(['accounts']);

export const usersRoutes: FastifyPluginAsyncTypebox<{ users: UsersService }> = async (app, { users }) => {
  app.get(
    '/api/client/:uid/info',
    {
      ...route.signedIn({
        summary: "User info by uid: your own, or anyone's for an admin",
        params: UserUidParams,
        data: UserInfoSchema,
        failures: [403, 404],
      }),
      // Fetched on every console load and always small: it never reaches the compression threshold.
      compress: false,
    },
    async (request) => {
      const me = request.auth!.user;
      if (request.params.uid === me.uid) return ok(publicUserInfo(me));
      if (!isAdmin(me)) throw fail('notYourAccount');
      const userId = await users.findIdByUid(request.params.uid);
      const user = userId === undefined ? undefined : await users.getAuthUser(userId);
      if (!user) throw fail('notFound');
      return ok(publicUserInfo(user));
    },
  );
};

function publicUserInfo(user: AuthUser): UserInfo {
  const { id: _internalId, disabled: _disabled, ...info } = user;
  return info;
}
