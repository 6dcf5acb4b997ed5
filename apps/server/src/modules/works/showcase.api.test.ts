import { ErrorCode, type Page, type WorkSummary, type WorkType } from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { dataOf, json, type TestApp } from '../../test/test-app.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { createWork, type Person } from '../../test/works-fixtures.js';
import { publicPages, showcaseListing } from './works.repository.js';
import { works } from './works.tables.js';

/** GET /api/showcase and its `type` (the phone category lists, docs/mobile.md). */
let testApp: TestApp;
let owner: Person;
/** The showcase's uids, newest first, by type. */
const shown: Record<WorkType, string[]> = { panorama: [], model3d: [], pointcloud: [] };
let everyShown: string[];

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ method: 'GET', url, headers });
const showcase = async (query: string) => dataOf<Page<WorkSummary>>(await get(`/api/showcase?${query}`));

beforeAll(async () => {
  ({ testApp, owner } = await appWithPeople({ owner: {} }));
  const { db } = testApp.app.services.database;
  // Five panoramas, three models, one point cloud, interleaved in time; the rows are put in the showcase directly
  // (the review that gets them there is work-publishing.api.test.ts's subject).
  const types: WorkType[] = ['panorama', 'model3d', 'panorama', 'pointcloud', 'model3d', 'panorama', 'panorama', 'model3d', 'panorama'];
  const newestFirst: string[] = [];
  for (const [index, type] of types.entries()) {
    const work = await createWork(owner, { name: `作品${index}`, type });
    await db.execute(sql`
      update works set status = 'exposed', open_in_official = true, updated_at = ${new Date(Date.UTC(2026, 0, 1 + index))}
      where uid = ${work.uid}`);
    newestFirst.unshift(work.uid);
    shown[type].unshift(work.uid);
  }
  everyShown = newestFirst;
  // Not in the showcase: a model its owner does not show, and one in the recycle bin.
  const hidden = await createWork(owner, { name: '未展示', type: 'model3d' });
  await db.execute(sql`update works set status = 'exposed' where uid = ${hidden.uid}`);
  const deleted = await createWork(owner, { name: '已删除', type: 'model3d' });
  await db.execute(sql`update works set status = 'exposed', open_in_official = true, deleted_at = now() where uid = ${deleted.uid}`);
});
afterAll(() => testApp.close());

describe('GET /api/showcase?type=', () => {
  it('answers only the works of the type, newest first, with their count', async () => {
    for (const type of ['panorama', 'model3d', 'pointcloud'] as const) {
      const page = await showcase(`type=${type}&pageSize=100`);
      expect(page.list.map((work) => work.uid)).toEqual(shown[type]);
      expect(page.list.every((work) => work.type === type)).toBe(true);
      expect(page.total).toBe(shown[type].length);
    }
  });

  it('answers every type without it', async () => {
    const page = await showcase('pageSize=100');
    expect(page.list.map((work) => work.uid)).toEqual(everyShown);
    expect(page.total).toBe(everyShown.length);
  });

  it("pages through one type: each work once, the type's total on every page, an empty page past the end", async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((pageNum) => showcase(`type=panorama&pageSize=2&pageNum=${pageNum}`)));
    expect(pages.map((page) => page.list.length)).toEqual([2, 2, 1, 0]);
    expect(pages.flatMap((page) => page.list.map((work) => work.uid))).toEqual(shown.panorama);
    expect(pages.map((page) => page.total)).toEqual([5, 5, 5, 5]);
    expect(pages[1]).toMatchObject({ pageNum: 2, pageSize: 2 });
  });

  it('refuses a type that is not a work type with the validation message, in the caller language', async () => {
    for (const type of ['video', 'model', '']) {
      const response = await get(`/api/showcase?type=${type}`, { 'accept-language': 'en' });
      expect(response.statusCode, response.body).toBe(400);
      expect(json(response)).toMatchObject({
        code: ErrorCode.validation,
        msg: 'Parameter type must be one of panorama, model3d, pointcloud',
      });
    }
    const chinese = await get('/api/showcase?type=video');
    expect(chinese.statusCode).toBe(400);
    expect(json(chinese)).toMatchObject({ code: ErrorCode.validation, msg: '参数 type 取值应为 panorama, model3d, pointcloud 之一' });
  });

  it("reads one type's page in order from the showcase index, without sorting", async () => {
    const { db } = testApp.app.services.database;
    const { where, order } = showcaseListing('model3d');
    const page = db
      .select()
      .from(works)
      .where(where)
      .orderBy(...order)
      .limit(10);
    // A handful of rows: the planner would rather scan the table, as it should at this size.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(tx, sql`explain ${page.getSQL()}`);
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('works_showcase_type_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });

  it("reads the sitemap's newest public pages from the top of their index, without sorting", async () => {
    const { db } = testApp.app.services.database;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(tx, sql`explain ${publicPages(db, 50).getSQL()}`);
    });
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('works_public_updated_idx');
    expect(text).not.toMatch(/\bSort\b/);
  });
});
