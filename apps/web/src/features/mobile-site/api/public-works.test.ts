import type { WorkSummary } from '@spatia/contract';
import { describe, expect, it, vi } from 'vitest';
import { publicWorksOfType } from './public-works';

/** A showcase of 250 works: every third a 3D model, the rest panoramas; no point clouds. */
const SHOWCASE = Array.from({ length: 250 }, (_, index) => ({
  uid: `w${index}`,
  type: index % 3 === 0 ? 'model3d' : 'panorama',
})) as WorkSummary[];

const get = vi.hoisted(() => vi.fn());
vi.mock('../../../api/client', () => ({ api: { get } }));
get.mockImplementation(async (_path: string, { params }: { params: { query: { pageNum: number; pageSize: number } } }) => {
  const { pageNum, pageSize } = params.query;
  return { list: SHOWCASE.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: SHOWCASE.length, pageNum, pageSize };
});

describe('publicWorksOfType (a category list over the showcase)', () => {
  it('pages through one type in showcase order, with nothing twice and nothing left out', async () => {
    const load = publicWorksOfType('model3d');
    const models = SHOWCASE.filter((work) => work.type === 'model3d').map((work) => work.uid);
    const seen: string[] = [];
    let total = Infinity;
    for (let page = 1; seen.length < total && page < 20; page += 1) {
      const answer = await load(page, 30);
      seen.push(...answer.list.map((work) => work.uid));
      total = answer.total;
    }
    expect(seen).toEqual(models);
    expect(total).toBe(models.length);
  });

  it('answers an empty list and a total of 0 when no work has the type', async () => {
    expect(await publicWorksOfType('pointcloud')(1, 10)).toEqual({ list: [], total: 0 });
  });

  it('tells there is more while the showcase goes on', async () => {
    const first = await publicWorksOfType('panorama')(1, 10);
    expect(first.list).toHaveLength(10);
    expect(first.total).toBeGreaterThan(10);
  });
});
