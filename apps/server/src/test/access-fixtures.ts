import type { FastifyInstance } from 'fastify';
import { userMemberships } from '../modules/membership/membership.tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Gives a user a membership of a seeded version (1 Professional, 2 Enterprise; migration 0013) the way
 * an approval leaves it: a user_memberships row. Tests of the access model set its times directly.
 */
export async function giveMembership(
  app: FastifyInstance,
  userId: number,
  options: { versionId?: number; startsAt?: Date; endsAt?: Date; status?: 'active' | 'expired' | 'revoked'; kind?: 'trial' | 'paid' } = {},
): Promise<void> {
  await app.services.database.db.insert(userMemberships).values({
    userId,
    versionId: options.versionId ?? 1,
    kind: options.kind ?? 'trial',
    status: options.status ?? 'active',
    startsAt: options.startsAt ?? new Date(Date.now() - DAY_MS),
    endsAt: options.endsAt ?? new Date(Date.now() + 30 * DAY_MS),
  });
  await app.services.users.forgetCachedUser(userId);
}
