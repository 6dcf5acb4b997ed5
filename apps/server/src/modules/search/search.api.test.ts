import { SearchErrors, type SearchAnswer } from '@spatia/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dataOf, json, type TestApp } from '../../test/test-app.js';
import { createWork, person, type Person } from '../../test/works-fixtures.js';
import { users } from '../users/users.tables.js';
import { works } from '../works/works.tables.js';
import { SEARCH_PAGE_TTL_SECONDS } from './search.service.js';

let testApp: TestApp;
let photographer: Person;
let disabledOwner: Person;
const uids: Record<string, string> = {};

/** A work of the owner's, made through the API (so its grams are the works module's), then set as named. */
async function work(
  owner: Person,
  label: string,
  fields: { name: string; description?: string; type?: 'panorama' | 'model3d' },
  state: { status?: 'published' | 'unpublished' | 'exposed'; views?: number; deleted?: boolean } = {},
) {
  const created = await createWork(owner, fields);
  await testApp.app.services.database.db
    .update(works)
    .set({ status: state.status ?? 'published', views: state.views ?? 0, deletedAt: state.deleted ? new Date() : null })
    .where(eq(works.uid, created.uid));
  uids[label] = created.uid;
}

const search = async (query: string, as?: Person): Promise<SearchAnswer> => {
  const url = `/api/open/search?${query}`;
  const response = as ? await as.call('GET', url) : await testApp.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<SearchAnswer>(response);
};
const keyword = (text: string) => `keyword=${encodeURIComponent(text)}`;
const labelsOf = (answer: SearchAnswer) =>
  (answer.works?.list ?? []).map((hit) => Object.keys(uids).find((label) => uids[label] === hit.uid));

beforeAll(async () => {
  testApp = await createTestApp();
  const app = testApp.app;
  photographer = await person(app, { name: '湖景摄影师' });
  const other = await person(app, { name: 'Lake Studio' });
  disabledOwner = await person(app, { name: '湖景停用者' });
  await work(photographer, 'villa', { name: '西湖湖景别墅', description: '临湖的三室两厅' }, { views: 10 });
  await work(other, 'living', { name: '城市客厅', description: '远眺湖景的阳台，ＬＯＦＴ 风格' }, { status: 'exposed', views: 500 });
  await work(other, 'model', { name: '湖景模型', type: 'model3d' }, { views: 1 });
  await work(photographer, 'private', { name: '湖景私藏' }, { status: 'unpublished' });
  await work(photographer, 'binned', { name: '湖景回收' }, { deleted: true });
  await work(disabledOwner, 'ofDisabled', { name: '湖景停用' });
  await app.services.database.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabledOwner.id));
  // One published article and one draft: the articles source answers only what readers see.
  const editor = (await app.services.users.getAuthUser(photographer.id))!;
  const content = { type: 'doc' as const, content: [{ type: 'paragraph', content: [{ type: 'text', text: '清晨的光线' }] }] };
  const guide = await app.services.articlesAdmin.create(editor, {
    title: '湖景拍摄指南',
    summary: '如何拍好湖景',
    coverUrl: '',
    category: 'courseGuide',
    content,
  });
  await app.services.articlesAdmin.publish(guide.id);
  await app.services.articlesAdmin.create(editor, { title: '湖景草稿', summary: '', coverUrl: '', category: 'news', content });
});
afterAll(() => testApp.close());

describe('GET /api/open/search', () => {
  it('finds works and people by a two-character Chinese keyword, ranked, with the matches marked', async () => {
    const answer = await search(keyword('湖景'));
    // Names holding the keyword first (the more viewed first), then a description's match however viewed.
    expect(labelsOf(answer)).toEqual(['villa', 'model', 'living']);
    expect(answer.counts).toEqual([
      { kind: 'works', total: 3, totalCapped: false },
      { kind: 'people', total: 1, totalCapped: false },
      { kind: 'articles', total: 1, totalCapped: false },
    ]);
    const [villa, , living] = answer.works!.list;
    expect(villa!.name).toEqual({ text: '西湖湖景别墅', highlights: [{ start: 2, end: 4 }] });
    expect(villa!.author).toEqual({ uid: photographer.uid, name: '湖景摄影师', avatarUrl: '' });
    expect(living!.snippet).toEqual({ text: '远眺湖景的阳台，ＬＯＦＴ 风格', highlights: [{ start: 2, end: 4 }] });
    expect(answer.people!.list).toEqual([
      { uid: photographer.uid, name: { text: '湖景摄影师', highlights: [{ start: 0, end: 2 }] }, avatarUrl: '', identities: [] },
    ]);
    expect(answer.articles!.list).toMatchObject([
      { title: { text: '湖景拍摄指南', highlights: [{ start: 0, end: 2 }] }, category: { key: 'courseGuide' } },
    ]);
  });

  it('finds by one Chinese character, and by Latin words in any width and case', async () => {
    expect(labelsOf(await search(keyword('墅')))).toEqual(['villa']);
    const loft = await search(keyword('loft'));
    expect(labelsOf(loft)).toEqual(['living']);
    expect(loft.works!.list[0]!.snippet.highlights).toEqual([{ start: 8, end: 12 }]);
    // Every word of the keyword must occur, anywhere.
    expect(labelsOf(await search(keyword('湖景 阳台')))).toEqual(['living']);
    expect(labelsOf(await search(keyword('湖景 海边')))).toEqual([]);
  });

  it('never shows unpublished works, works in the recycle bin, or anything of a disabled account', async () => {
    for (const as of [undefined, photographer]) {
      const answer = await search(keyword('湖景'), as);
      const shown = JSON.stringify(answer);
      for (const hidden of ['湖景私藏', '湖景回收', '湖景停用']) expect(shown).not.toContain(hidden);
      expect(answer.people!.list.map((hit) => hit.uid)).not.toContain(disabledOwner.uid);
    }
  });

  it('shows strangers only what a homepage shows: never a phone number, and phone numbers find nobody', async () => {
    const shown = JSON.stringify(await search(keyword('湖景')));
    expect(shown).not.toContain(photographer.phone);
    const byPhone = await search(keyword(photographer.phone));
    expect(byPhone.counts.find((count) => count.kind === 'people')!.total).toBe(0);
    expect(Object.keys((await search(`${keyword('湖景')}&kind=people`)).people!.list[0]!).sort()).toEqual([
      'avatarUrl',
      'identities',
      'name',
      'uid',
    ]);
  });

  it('answers one kind when asked, narrowed by work type, every kind still counted', async () => {
    const models = await search(`${keyword('湖景')}&kind=works&type=model3d`);
    expect(labelsOf(models)).toEqual(['model']);
    expect(models.people).toBeUndefined();
    expect(models.counts).toEqual([
      { kind: 'works', total: 1, totalCapped: false },
      { kind: 'people', total: 1, totalCapped: false },
      { kind: 'articles', total: 1, totalCapped: false },
    ]);
    const people = await search(`${keyword('湖景')}&kind=people`);
    expect(people.works).toBeUndefined();
    expect(people.people!.list).toHaveLength(1);
    const paged = await search(`${keyword('湖景')}&kind=works&pageNum=2&pageSize=2`);
    expect(labelsOf(paged)).toEqual(['living']);
    expect(paged.works!.total).toBe(3);
  });

  it('answers nothing for an empty keyword', async () => {
    const answer = await search('keyword=%20');
    expect(answer.counts.every((count) => count.total === 0)).toBe(true);
    expect(answer.works!.list).toEqual([]);
  });

  it('refuses bad input', async () => {
    for (const query of ['kind=songs', 'pageSize=0', 'pageSize=49', 'pageNum=0', 'type=video', `keyword=${'湖'.repeat(51)}`]) {
      const response = await testApp.app.inject({ method: 'GET', url: `/api/open/search?${encodeURI(query)}` });
      expect(response.statusCode, query).toBe(400);
      expect(json<{ code: number }>(response).code, query).toBe(1001);
    }
    const deep = await testApp.app.inject({ method: 'GET', url: `/api/open/search?${keyword('湖景')}&kind=works&pageNum=22&pageSize=48` });
    expect(deep.statusCode).toBe(400);
    expect(json<{ code: number }>(deep).code).toBe(SearchErrors.searchTooDeep.code);
  });

  it('keeps an answer a few seconds, the same for every visitor', async () => {
    expect(labelsOf(await search(keyword('湖畔')))).toEqual([]);
    await work(photographer, 'late', { name: '湖畔新作' });
    expect(labelsOf(await search(keyword('湖畔')))).toEqual([]);
    expect(labelsOf(await search(keyword('湖畔'), photographer))).toEqual([]);
    vi.useFakeTimers({ now: Date.now() + (SEARCH_PAGE_TTL_SECONDS + 1) * 1000, toFake: ['Date'] });
    try {
      expect(labelsOf(await search(keyword('湖畔'), photographer))).toEqual(['late']);
    } finally {
      vi.useRealTimers();
    }
  });
});
