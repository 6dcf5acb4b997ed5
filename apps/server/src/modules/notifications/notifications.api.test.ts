import type { NotificationPage } from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { dataOf, type TestApp } from '../../test/test-app.js';
import { person, type Person } from '../../test/works-fixtures.js';

let testApp: TestApp;
let reader: Person;
let other: Person;

beforeAll(async () => ({ testApp, reader, other } = await appWithPeople({ reader: {}, other: {} })));
afterAll(() => testApp.close());

const inbox = async (as: Person, query = '') => dataOf<NotificationPage>(await as.call('GET', `/api/c/notifications${query}`));
const unreadOf = async (as: Person) => dataOf<{ unread: number }>(await as.call('GET', '/api/c/notifications/unreadCount')).unread;

async function notify(to: Person, workName: string) {
  const { notifications, database } = testApp.app.services;
  await notifications.notify(database.db, { userId: to.id, kind: 'workAuditPassed', params: { workName }, link: '/dashboard/dashboard' });
}

describe('the inbox', () => {
  it('needs a session', async () => {
    for (const url of ['/api/c/notifications', '/api/c/notifications/unreadCount']) {
      expect((await testApp.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await testApp.app.inject({ method: 'POST', url: '/api/c/notifications/readAll' })).statusCode).toBe(401);
    expect((await testApp.app.inject({ method: 'POST', url: '/api/c/notifications/1/read' })).statusCode).toBe(401);
  });

  it('lists my notices newest first, in pages, with the unread count; never anyone else’s', async () => {
    for (const name of ['一', '二', '三']) await notify(reader, name);
    await notify(other, '别人的');

    const first = await inbox(reader, '?pageNum=1&pageSize=2');
    expect(first).toMatchObject({ total: 3, unread: 3, pageNum: 1, pageSize: 2 });
    expect(first.list.map((item) => item.params.workName)).toEqual(['三', '二']);
    expect(first.list[0]).toMatchObject({ kind: 'workAuditPassed', link: '/dashboard/dashboard', read: false });
    expect(first.list[0]!.createdAt).toBeGreaterThan(Date.now() - 60_000);
    expect((await inbox(reader, '?pageNum=2&pageSize=2')).list.map((item) => item.params.workName)).toEqual(['一']);
    expect(await unreadOf(reader)).toBe(3);
    expect(await unreadOf(other)).toBe(1);

    expect((await reader.call('GET', '/api/c/notifications?pageSize=51')).statusCode).toBe(400);
    expect((await reader.call('GET', '/api/c/notifications?pageNum=0')).statusCode).toBe(400);
  });

  it('marks one read (again is fine), refuses another user’s notice, and marks all read', async () => {
    const [newest, second] = (await inbox(reader)).list;
    const before = await unreadOf(reader);

    expect(dataOf<{ unread: number }>(await reader.call('POST', `/api/c/notifications/${newest!.id}/read`)).unread).toBe(before - 1);
    const again = await reader.call('POST', `/api/c/notifications/${newest!.id}/read`);
    expect(again.statusCode).toBe(200);
    expect(dataOf<{ unread: number }>(again).unread).toBe(before - 1);
    expect((await inbox(reader)).list[0]).toMatchObject({ id: newest!.id, read: true });

    const theirs = (await inbox(other)).list[0]!;
    expect((await reader.call('POST', `/api/c/notifications/${theirs.id}/read`)).statusCode).toBe(404);
    expect((await reader.call('POST', '/api/c/notifications/999999/read')).statusCode).toBe(404);
    expect((await reader.call('POST', '/api/c/notifications/abc/read')).statusCode).toBe(400);
    expect(await unreadOf(other)).toBe(1);

    const unreadOnly = await inbox(reader, '?unread=true');
    expect(unreadOnly.list.map((item) => item.id)).toContain(second!.id);
    expect(unreadOnly.list.every((item) => !item.read)).toBe(true);
    expect(unreadOnly.total).toBe(before - 1);

    expect(dataOf<{ unread: number }>(await reader.call('POST', '/api/c/notifications/readAll')).unread).toBe(0);
    expect(await unreadOf(reader)).toBe(0);
    expect((await inbox(reader, '?unread=true')).total).toBe(0);
    expect((await inbox(reader)).total).toBe(3);
    expect(await unreadOf(other)).toBe(1);
  });

  it('prunes read notices older than 180 days every day; unread ones stay', async () => {
    const { database, jobs } = testApp.app.services;
    const pruned = await person(testApp.app);
    for (const name of ['旧已读', '旧未读', '新已读']) await notify(pruned, name);
    await database.db.execute(sql`
      update notifications set
        created_at = case when params->>'workName' like '旧%' then now() - interval '181 days' else created_at end,
        read_at = case when params->>'workName' like '%已读' then now() else null end
      where user_id = ${pruned.id}`);

    expect((await jobs.getSchedules()).find((schedule) => schedule.name === 'notifications.prune')).toMatchObject({ cron: '41 3 * * *' });
    await jobs.send('notifications.prune', {});
    expect(await jobs.drain(['notifications.prune'])).toEqual({ completed: 1, failed: 0 });

    const left = await rowsOf<{ name: string }>(
      database.db,
      sql`select params->>'workName' as name from notifications where user_id = ${pruned.id} order by id`,
    );
    expect(left.map((row) => row.name)).toEqual(['旧未读', '新已读']);
  });
});
