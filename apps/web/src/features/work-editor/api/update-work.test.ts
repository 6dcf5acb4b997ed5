import { beforeEach, describe, expect, it } from 'vitest';
import { setUpApiHarness } from '../../../test/api-harness';
import { workDetail } from '../../../test/work-detail';
import { diffWork, findFormProblems, hasChanges, saveWorkChanges, workToFormValues, type WorkFormValues } from './update-work';

const work = workDetail({
  uid: 'w1',
  name: 'West Lake',
  description: 'Dawn',
  tags: ['lake', 'dawn'],
  budget: 200,
  owner: { uid: 'u1', name: 'Ada', avatarUrl: '' },
  createdAt: 1,
  updatedAt: 2,
  address: 'Hangzhou',
  latitude: 30.25,
  longitude: 120.15,
});

function edit(patch: Partial<WorkFormValues>): WorkFormValues {
  return { ...workToFormValues(work), ...patch };
}

describe('form to PATCH', () => {
  it('sends nothing when nothing changed, trailing spaces and a marker put back included', () => {
    const changes = diffWork(work, edit({ name: ' West Lake ', location: { latitude: 30.2500001, longitude: 120.15 } }));
    expect(changes).toEqual({ attributes: {}, addTags: [], removeTags: [] });
    expect(hasChanges(changes)).toBe(false);
  });

  it('sends only the changed texts, trimmed', () => {
    expect(diffWork(work, edit({ name: 'West Lake at dawn ', description: 'Dawn' })).attributes).toEqual({ name: 'West Lake at dawn' });
  });

  it('sends coordinates as a pair, rounded, and null to clear them', () => {
    expect(diffWork(work, edit({ location: { latitude: 31.2304123456, longitude: 121.4737 } })).attributes).toEqual({
      latitude: 31.230412,
      longitude: 121.4737,
    });
    expect(diffWork(work, edit({ location: null })).attributes).toEqual({ latitude: null, longitude: null });
  });

  it('sends times in epoch milliseconds and clears them with null', () => {
    const withTimes = { ...work, startTime: 1_700_000_000_000, endTime: 1_800_000_000_000 };
    expect(diffWork(work, edit({ startTime: 1_700_000_000_000 })).attributes).toEqual({ startTime: 1_700_000_000_000 });
    expect(diffWork(withTimes, { ...workToFormValues(withTimes), endTime: null }).attributes).toEqual({ endTime: null });
  });

  it('turns the tag list into additions and removals', () => {
    expect(diffWork(work, edit({ tags: ['dawn', 'mist', ' mist '] }))).toMatchObject({ addTags: ['mist'], removeTags: ['lake'] });
  });

  it('finds what blocks saving', () => {
    expect(findFormProblems(edit({}))).toEqual([]);
    expect(findFormProblems(edit({ name: '   ' }))).toEqual([{ field: 'name', problem: 'required' }]);
    expect(
      findFormProblems(edit({ name: '一'.repeat(21), description: 'x'.repeat(201), address: 'y'.repeat(101) })).map(
        (problem) => problem.field,
      ),
    ).toEqual(['name', 'description', 'address']);
    expect(findFormProblems(edit({ name: '😀'.repeat(20) }))).toEqual([]);
    expect(findFormProblems(edit({ startTime: 2000, endTime: 1000 }))).toEqual([{ field: 'time', problem: 'endBeforeStart' }]);
    expect(findFormProblems(edit({ location: { latitude: 91, longitude: 0 } }))).toEqual([{ field: 'location', problem: 'outOfRange' }]);
  });
});

describe('saving', () => {
  const { seen, replyBy } = setUpApiHarness();

  beforeEach(() => replyBy((config) => (config.url?.includes('/tag/') ? ['dawn', 'mist'] : { ...work, name: 'New' })));

  it('PATCHes the form body (a cleared number empty), then removes tags before adding', async () => {
    const saved = await saveWorkChanges('w1', {
      attributes: { name: 'New', latitude: null, startTime: 1_700_000_000_000 },
      addTags: ['mist'],
      removeTags: ['lake'],
    });
    expect(seen.map((config) => `${config.method} ${config.url}`)).toEqual([
      'patch /model/w1/attr',
      'delete /model/w1/tag/lake',
      'post /model/w1/tag/mist',
    ]);
    // A cleared number goes as an empty value, as the spec's client sends it.
    expect(String(seen[0]?.data)).toBe('name=New&latitude=&startTime=1700000000000');
    expect(seen[0]?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(saved).toMatchObject({ name: 'New', tags: ['dawn', 'mist'] });
  });

  it('encodes tags in the path', async () => {
    await saveWorkChanges('w1', { attributes: {}, addTags: ['湖/景'], removeTags: [] });
    expect(seen[0]?.url).toBe('/model/w1/tag/%E6%B9%96%2F%E6%99%AF');
  });
});
