import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permission } from '@spatia/contract';
import { ok } from '../../lib/envelope.js';
import { routesFor } from '../../lib/route.js';
import {
  OverviewSchema,
  RevenuePageSchema,
  RevenueStatQuery,
  RevenueStatSchema,
  RevenuesQuery,
  SettingsSchema,
  SubordinatePageSchema,
  SubordinatesQuery,
  tags,
} from './team.schemas.js';
import type { TeamService } from './team.service.js';

const route = routesFor(tags);
const teamRoute = route.for({ permission: Permission.team });

/** Spec 7.3's team calls behind `/team/index` (permission 163), and the back office's rates (docs/team.md). */
export const teamRoutes: FastifyPluginAsyncTypebox<{ team: TeamService }> = async (app, { team }) => {
  app.get(
    '/api/c/team/statOverview',
    teamRoute({
      summary: 'The caller’s team: how many people at each level, rewards today, this month and in total, the invite code and the rates',
      data: OverviewSchema,
    }),
    async (request) => ok(await team.overview(request.auth!.user.id)),
  );

  app.get(
    '/api/c/firstSubordinates',
    teamRoute({
      summary: 'The people the caller invited, newest first, each with what they earned the caller',
      querystring: SubordinatesQuery,
      data: SubordinatePageSchema,
      failures: [400],
    }),
    async (request) => ok(await team.subordinates(request.auth!.user.id, 1, request.query)),
  );

  app.get(
    '/api/c/secondSubordinates',
    teamRoute({
      summary:
        'The people the caller’s first level invited (all, or those of one: superiorCode), newest first, each with what they earned the caller',
      querystring: SubordinatesQuery,
      data: SubordinatePageSchema,
      failures: [400, 404],
    }),
    async (request) => ok(await team.subordinates(request.auth!.user.id, 2, request.query)),
  );

  app.get(
    '/api/c/flowTgRevenues',
    teamRoute({
      summary: 'The caller’s rewards on flow recharges of their team, by the day paid (default the last 30 days), newest first',
      querystring: RevenuesQuery,
      data: RevenuePageSchema,
      failures: [400],
    }),
    async (request) => ok(await team.revenues(request.auth!.user.id, 'flow', request.query)),
  );

  app.get(
    '/api/c/projectTgRevenues',
    teamRoute({
      summary:
        'The caller’s rewards on market purchases and service orders of their team, by the day paid (default the last 30 days), newest first',
      querystring: RevenuesQuery,
      data: RevenuePageSchema,
      failures: [400],
    }),
    async (request) => ok(await team.revenues(request.auth!.user.id, 'project', request.query)),
  );

  app.get(
    '/api/c/team/revenueStat',
    teamRoute({
      summary: 'The caller’s rewards per day (default the last 30 days) or per month (default the last 12), every period, for the charts',
      querystring: RevenueStatQuery,
      data: RevenueStatSchema,
      failures: [400],
    }),
    async (request) => ok(await team.revenueStat(request.auth!.user.id, request.query)),
  );

  app.get(
    '/api/admin/team/settings',
    route.admin({
      summary: 'The team rates (basis points of what a subordinate pays) and the pending window (days)',
      data: SettingsSchema,
    }),
    async () => ok(await team.settings()),
  );

  app.put(
    '/api/admin/team/settings',
    route.admin({
      summary: 'Change the team rates (for payments from now on) and the pending window',
      acceptQueryParams: true,
      body: SettingsSchema,
      data: SettingsSchema,
      failures: [400],
    }),
    async (request) => ok(await team.updateSettings(request.auth!.user, request.body)),
  );
};
