import type {
  Page,
  TeamLevel,
  TeamOverview,
  TeamRevenueKind,
  TeamRevenuePage,
  TeamRevenueStat,
  TeamSettings,
  TeamStatGranularity,
  TeamSubordinate,
} from '@spatia/contract';
import { TEAM_DEFAULT_SETTINGS } from '@spatia/contract';

export interface SubordinatesQuery {
  q?: string;
  superiorCode?: string;
  pageNum: number;
  pageSize: number;
}

export interface RevenuesQuery {
  startTime?: string;
  endTime?: string;
  pageNum: number;
  pageSize: number;
}

export interface RevenueStatQuery {
  granularity?: TeamStatGranularity;
  startTime?: string;
  endTime?: string;
}

/** The two-level team and its promotion revenue (docs/team.md). */
export class TeamService {
  async overview(_userId: number): Promise<TeamOverview> {
    throw new Error('not built yet');
  }

  async subordinates(_userId: number, _level: TeamLevel, query: SubordinatesQuery): Promise<Page<TeamSubordinate>> {
    return { list: [], total: 0, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  async revenues(_userId: number, _kind: TeamRevenueKind, query: RevenuesQuery): Promise<TeamRevenuePage> {
    return { list: [], total: 0, pageNum: query.pageNum, pageSize: query.pageSize, sumFen: 0 };
  }

  async revenueStat(_userId: number, _query: RevenueStatQuery): Promise<TeamRevenueStat> {
    throw new Error('not built yet');
  }

  async settings(): Promise<TeamSettings> {
    return TEAM_DEFAULT_SETTINGS;
  }

  async updateSettings(_admin: { id: number }, settings: TeamSettings): Promise<TeamSettings> {
    return settings;
  }
}
