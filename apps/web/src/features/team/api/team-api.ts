import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Page,
  TeamOverview,
  TeamRevenueKind,
  TeamRevenuePage,
  TeamRevenueStat,
  TeamSettings,
  TeamStatGranularity,
  TeamSubordinate,
} from '@spatia/contract';
import { api } from '../../../api/client';
import { pageQueryOptions } from '../../../api/page-query';
import { queryKeys } from '../../../api/query-keys';
import type { PageParams } from '../../../lib/page-params';
import { sessionQueryOptions } from '../../../lib/session-queries';

/** GET /c/team/statOverview: the counts of both levels, the rewards of today, this month and ever, the invite code. */
export function getTeamOverview(): Promise<TeamOverview> {
  return api.get('/c/team/statOverview');
}

export function useTeamOverview() {
  return useQuery({ ...sessionQueryOptions(queryKeys.team.overview(), getTeamOverview), retry: false });
}

export interface SubordinateParams extends PageParams {
  /** Part of a name, phone or invite code. */
  q?: string;
  /** The second level only: those invited by the first-level member with this invite code. */
  superiorCode?: string;
}

/** GET /c/firstSubordinates or /c/secondSubordinates: a page of one level, with what each person earned the caller. */
export function getSubordinates(level: 1 | 2, params: SubordinateParams): Promise<Page<TeamSubordinate>> {
  const query = { ...params, q: params.q || undefined, superiorCode: params.superiorCode || undefined };
  return level === 1 ? api.get('/c/firstSubordinates', { params: { query } }) : api.get('/c/secondSubordinates', { params: { query } });
}

export function useSubordinates(level: 1 | 2, params: SubordinateParams) {
  return useQuery(pageQueryOptions(queryKeys.team.subordinates(level), (next: SubordinateParams) => getSubordinates(level, next), params));
}

export interface RevenueParams extends PageParams {
  /** `YYYY-MM-DD`, both or neither. */
  startTime?: string;
  endTime?: string;
}

/** GET /c/flowTgRevenues or /c/projectTgRevenues: the rewards on the team's recharges or on its purchases, newest first. */
export function getTeamRevenues(kind: TeamRevenueKind, params: RevenueParams): Promise<TeamRevenuePage> {
  const query = { ...params };
  return kind === 'flow' ? api.get('/c/flowTgRevenues', { params: { query } }) : api.get('/c/projectTgRevenues', { params: { query } });
}

export function useTeamRevenues(kind: TeamRevenueKind, params: RevenueParams) {
  return useQuery(pageQueryOptions(queryKeys.team.revenues(kind), (next: RevenueParams) => getTeamRevenues(kind, next), params));
}

/** GET /c/team/revenueStat: the rewards by day (the last 30 days) or by month (the last 12 months), every period listed. */
export function getTeamRevenueStat(granularity: TeamStatGranularity): Promise<TeamRevenueStat> {
  return api.get('/c/team/revenueStat', { params: { query: { granularity } } });
}

export function useTeamRevenueStat(granularity: TeamStatGranularity) {
  return useQuery({
    ...sessionQueryOptions(queryKeys.team.revenueStat(granularity), () => getTeamRevenueStat(granularity)),
    retry: false,
  });
}

/** GET/PUT /admin/team/settings (admins): the two levels' rates (basis points) and the days a reward stays pending. */
export function useTeamSettings() {
  return useQuery({
    queryKey: queryKeys.team.settings(),
    queryFn: (): Promise<TeamSettings> => api.get('/admin/team/settings'),
    meta: { session: true },
  });
}

export function useSaveTeamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TeamSettings): Promise<TeamSettings> => api.put('/admin/team/settings', { body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKeys.team.settings(), saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.team.overview() });
    },
  });
}
