import { describe, expect, it } from 'vitest';
import { setUpApiHarness } from '../../../test/api-harness';
import { getSubordinates, getTeamOverview, getTeamRevenues, getTeamRevenueStat } from './team-api';

const { seen, replyWith } = setUpApiHarness();

describe('team api', () => {
  it('asks for the overview signed in', async () => {
    replyWith({});
    await getTeamOverview();
    expect(seen[0]).toMatchObject({ method: 'get', url: '/c/team/statOverview' });
    expect(seen[0]?.headers.get('x-auth-token')).toBe('t-1');
  });

  it('asks each level its own path, leaving out an empty search or superior', async () => {
    replyWith({ list: [], total: 0, pageNum: 1, pageSize: 10 });
    await getSubordinates(1, { q: '', superiorCode: '', pageNum: 1, pageSize: 10 });
    await getSubordinates(2, { q: '138', superiorCode: 'AB12CD', pageNum: 2, pageSize: 10 });
    expect(seen.map((config) => [config.url, config.params])).toEqual([
      ['/c/firstSubordinates', { pageNum: 1, pageSize: 10 }],
      ['/c/secondSubordinates', { q: '138', superiorCode: 'AB12CD', pageNum: 2, pageSize: 10 }],
    ]);
  });

  it('asks each kind of reward its own path, with the range when there is one', async () => {
    replyWith({ list: [], total: 0, pageNum: 1, pageSize: 10, sumFen: 0 });
    await getTeamRevenues('flow', { pageNum: 1, pageSize: 10 });
    await getTeamRevenues('project', { startTime: '2026-11-01', endTime: '2026-11-30', pageNum: 1, pageSize: 10 });
    expect(seen.map((config) => [config.url, config.params])).toEqual([
      ['/c/flowTgRevenues', { pageNum: 1, pageSize: 10 }],
      ['/c/projectTgRevenues', { startTime: '2026-11-01', endTime: '2026-11-30', pageNum: 1, pageSize: 10 }],
    ]);
  });

  it('asks the chart by day or by month', async () => {
    replyWith({ granularity: 'day', startTime: '', endTime: '', points: [] });
    await getTeamRevenueStat('day');
    await getTeamRevenueStat('month');
    expect(seen.map((config) => [config.url, config.params])).toEqual([
      ['/c/team/revenueStat', { granularity: 'day' }],
      ['/c/team/revenueStat', { granularity: 'month' }],
    ]);
  });
});
