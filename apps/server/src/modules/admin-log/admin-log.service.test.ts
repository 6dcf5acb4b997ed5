import { Role } from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.js';
import { MemoryCache } from '../../lib/cache.js';
import { createTestDatabase } from '../../test/test-database.js';
import { UsersService } from '../users/users.service.js';
import { AdminLogRepository } from './admin-log.repository.js';
import { AdminLogService } from './admin-log.service.js';

let database: Database;
let drop: () => Promise<void>;
let log: AdminLogService;
let admin: number;
let otherAdmin: number;
let startedAt: number;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  log = new AdminLogService(new AdminLogRepository(database.db));
  const users = UsersService.on(database.db, new MemoryCache());
  const make = (phone: string) =>
    users.createUser({ phone, password: 'Secret#2026', fullName: phone, roles: [Role.admin], permissionIds: [] });
  admin = (await make('13700000001')).id;
  otherAdmin = (await make('13700000002')).id;
  startedAt = Date.now();
  // The order matters: the list is newest first.
  await log.record(database.db, {
    adminUserId: admin,
    action: 'user.disable',
    targetType: 'user',
    targetId: 41,
    before: { disabled: false },
    after: { disabled: true },
  });
  await log.record(database.db, { adminUserId: otherAdmin, action: 'work.auditPass', targetType: 'work', targetId: 'W9' });
  await log.recordSystemAction(database.db, {
    action: 'work.auditPass',
    targetType: 'work',
    targetId: 'DEMO1',
    after: { status: 'published' },
  });
  await log.record(database.db, {
    adminUserId: admin,
    action: 'user.enable',
    targetType: 'user',
    targetId: '41',
    before: { disabled: true },
    after: { disabled: false },
  });
});
afterAll(() => drop());

const actionsOf = (rows: { action: string; targetId: string }[]) => rows.map((row) => `${row.action} ${row.targetId}`);

describe('the admin log', () => {
  it('records who did what to which target, with the state before and after (none stays null)', async () => {
    const { rows, total } = await log.list({}, 1, 10);
    expect(total).toBe(4);
    expect(actionsOf(rows)).toEqual(['user.enable 41', 'work.auditPass DEMO1', 'work.auditPass W9', 'user.disable 41']);
    expect(rows[3]).toMatchObject({
      actor: 'admin',
      adminUserId: admin,
      targetType: 'user',
      targetId: '41',
      before: { disabled: false },
      after: { disabled: true },
    });
    expect(rows[2]).toMatchObject({ actor: 'admin', adminUserId: otherAdmin, before: null, after: null });
    expect(rows[3]!.createdAt.getTime()).toBeGreaterThanOrEqual(startedAt - 1_000);
  });

  it('shows what the platform did on its own as the system’s, with no administrator', async () => {
    const { rows } = await log.list({ targetId: 'DEMO1' }, 1, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: 'system',
      adminUserId: null,
      action: 'work.auditPass',
      before: null,
      after: { status: 'published' },
    });
  });

  it('narrows by action, administrator, target and time, every filter together', async () => {
    expect(actionsOf((await log.list({ action: 'work.auditPass' }, 1, 10)).rows)).toEqual(['work.auditPass DEMO1', 'work.auditPass W9']);
    expect(actionsOf((await log.list({ adminUserId: admin }, 1, 10)).rows)).toEqual(['user.enable 41', 'user.disable 41']);
    expect(actionsOf((await log.list({ targetType: 'user', targetId: '41' }, 1, 10)).rows)).toEqual(['user.enable 41', 'user.disable 41']);
    expect(await log.list({ adminUserId: admin, action: 'work.auditPass' }, 1, 10)).toEqual({ rows: [], total: 0 });
    expect((await log.list({ from: startedAt - 60_000, to: Date.now() + 60_000 }, 1, 10)).total).toBe(4);
    expect((await log.list({ from: Date.now() + 60_000 }, 1, 10)).total).toBe(0);
    expect((await log.list({ to: startedAt - 60_000 }, 1, 10)).total).toBe(0);
  });

  it('pages newest first, counting every entry the filter matches', async () => {
    const first = await log.list({}, 1, 3);
    const second = await log.list({}, 2, 3);
    expect(first.total).toBe(4);
    expect(second.total).toBe(4);
    expect(actionsOf(first.rows)).toEqual(['user.enable 41', 'work.auditPass DEMO1', 'work.auditPass W9']);
    expect(actionsOf(second.rows)).toEqual(['user.disable 41']);
    expect((await log.list({}, 3, 3)).rows).toEqual([]);
  });

  it('cannot be changed or pruned once written', async () => {
    // Drizzle names the query; the database's refusal is its cause.
    const refused = { cause: expect.objectContaining({ message: 'admin_actions is append-only' }) };
    await expect(database.db.execute(sql`update admin_actions set target_id = 'forged'`)).rejects.toMatchObject(refused);
    await expect(database.db.execute(sql`delete from admin_actions`)).rejects.toMatchObject(refused);
    expect((await log.list({}, 1, 10)).total).toBe(4);
  });

  it('writes within the transaction of the change it records: a rolled back change leaves no entry', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await log.record(tx, { adminUserId: admin, action: 'user.roles', targetType: 'user', targetId: 41 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await log.list({ action: 'user.roles' }, 1, 10)).total).toBe(0);
  });
});
