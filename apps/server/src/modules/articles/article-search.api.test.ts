import type { ArticleNode } from '@spatia/contract';
import { Role } from '@spatia/contract';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/database.js';
import { keywordGrams } from '../works/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithPeople } from '../../test/app-with-people.js';
import type { TestApp } from '../../test/test-app.js';
import type { Person } from '../../test/works-fixtures.js';
import { articles } from './articles.tables.js';

let testApp: TestApp;
let admin: Person;

beforeAll(async () => {
  ({ testApp, admin } = await appWithPeople({ admin: { roles: [Role.admin], name: '编辑' } }));
});
afterAll(() => testApp.close());

const services = () => testApp.app.services;
const body = (text: string): ArticleNode => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/** A published article, published `minutesAgo` minutes ago. */
async function article(title: string, summary: string, text: string, minutesAgo: number, category: 'courseGuide' | 'news' = 'courseGuide') {
  const user = (await services().users.getAuthUser(admin.id))!;
  const written = await services().articlesAdmin.create(user, { title, summary, coverUrl: '', category, content: body(text) });
  await services().articlesAdmin.publish(written.id);
  await services()
    .database.db.update(articles)
    .set({ publishAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(articles.id, written.id));
  return written.id;
}

const search = (keyword: string, options: { offset?: number; limit?: number; category?: 'news' } = {}) =>
  services().articles.search({ keyword, offset: 0, limit: 20, language: 'zh', ...options });

describe('the articles search (for /search)', () => {
  let inBodyNew: number;
  let inTitleOld: number;
  let inTitleNew: number;
  let inSummary: number;
  let draft: number;

  beforeAll(async () => {
    inTitleOld = await article('全景拍摄入门', '器材与站位', '第一课。', 300);
    inBodyNew = await article('器材清单', '出发前检查', '带上全景云台和三脚架。', 10);
    inTitleNew = await article('航拍全景的后期', '拼接与补天', '无人机拍完之后。', 60, 'news');
    inSummary = await article('夜景', '全景夜拍的曝光', '长曝光。', 5);
    const user = (await services().users.getAuthUser(admin.id))!;
    draft = (
      await services().articlesAdmin.create(user, { title: '全景草稿', summary: '', coverUrl: '', category: 'news', content: body('x') })
    ).id;
  });

  it('finds a two-character Chinese keyword in titles, summaries and bodies, titles first, then the newest', async () => {
    const page = await search('全景');
    expect(page.list.map((hit) => hit.id)).toEqual([inTitleNew, inTitleOld, inSummary, inBodyNew]);
    expect(page.total).toBe(4);
    expect(page.totalCapped).toBe(false);
    expect(page.list.map((hit) => hit.id)).not.toContain(draft);
    expect(page.list[0]).toMatchObject({
      title: '航拍全景的后期',
      summary: '拼接与补天',
      cover: '',
      category: { key: 'news', name: '新闻动态' },
    });
    expect(typeof page.list[0]!.publishedAt).toBe('number');
  });

  it('finds one character, several words each somewhere, and nothing for what is not there', async () => {
    expect((await search('云')).list.map((hit) => hit.id)).toEqual([inBodyNew]);
    expect((await search('全景 曝光')).list.map((hit) => hit.id)).toEqual([inSummary]);
    expect((await search('景色')).total).toBe(0);
    expect((await search('   ')).total).toBe(0);
  });

  it('pages, counts without rows, filters by category, and names categories in the asked language', async () => {
    expect((await search('全景', { offset: 1, limit: 2 })).list.map((hit) => hit.id)).toEqual([inTitleOld, inSummary]);
    expect(await search('全景', { limit: 0 })).toEqual({ list: [], total: 4, totalCapped: false });
    expect((await search('全景', { category: 'news' })).list.map((hit) => hit.id)).toEqual([inTitleNew]);
    const english = await services().articles.search({ keyword: '全景', offset: 0, limit: 1, language: 'en' });
    expect(english.list[0]!.category.name).toBe('News');
  });

  it('does not find a scheduled article before its time', async () => {
    const user = (await services().users.getAuthUser(admin.id))!;
    const later = await services().articlesAdmin.create(user, {
      title: '全景预告',
      summary: '',
      coverUrl: '',
      category: 'news',
      content: body('x'),
    });
    await services().articlesAdmin.schedule(later.id, Date.now() + 3_600_000);
    expect((await search('预告')).total).toBe(0);
  });

  it('asks the gram index for a two-character keyword', async () => {
    // A handful of rows never needs an index: the planner is told to avoid a full scan, as on a large table.
    const plan = await services().database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain select id from articles where search_grams @> array[${sql.join(
          keywordGrams('全景').map((gram) => sql`${gram}`),
          sql`, `,
        )}]::text[]`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('articles_search_grams_idx');
  });
});
