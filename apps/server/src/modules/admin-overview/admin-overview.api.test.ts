import { ErrorCode, Role, type AdminOverview } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessCalendar } from '../../lib/business-time.js';
import { addDays } from '../../lib/day-range.js';
import { postFile } from '../../test/multipart.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { json, type TestApp } from '../../test/test-app.js';
import { createWork, samplePng, type Person } from '../../test/works-fixtures.js';

let testApp: TestApp;
let admin: Person;
let member: Person;

beforeAll(async () => ({ testApp, admin, member } = await appWithPeople({ admin: { roles: [Role.admin] }, member: { name: 'Member' } })));
afterAll(() => testApp.close());

// The charts count business days (Beijing's).
const today = () => new BusinessCalendar('Asia/Shanghai').today(Date.now());

describe('GET /api/admin/overview', () => {
  it('counts users and works, per day and in all, and every review queue', async () => {
    await createWork(member, { name: '概览样板' });
    const response = await admin.call('GET', '/api/admin/overview?days=30');
    expect(response.statusCode).toBe(200);
    const overview = json<{ data: AdminOverview }>(response).data;
    expect(overview.totals).toEqual({ users: 2, works: 1 });
    // Every business day of the 30, today last; only today had any.
    expect(overview.days).toHaveLength(30);
    expect(overview.days.at(-1)).toEqual({ day: today(), users: 2, works: 1 });
    expect(overview.days[0]!.day).toBe(addDays(today(), -29));
    expect(overview.days.slice(0, -1).every((day) => day.users === 0 && day.works === 0)).toBe(true);
    expect(overview.pending).toEqual({ membershipApplications: 0, identityApplications: 0, works: 0 });
  });

  it('counts an identity application until an admin decides it', async () => {
    const card = { fileName: 'card.png', contentType: 'image/png', bytes: await samplePng() };
    const upload = await postFile(testApp.app, '/api/c/uploadBusinessCard', member.token, card);
    const businessCardUrl = json<{ data: { url: string } }>(upload).data.url;
    const applied = await member.call('POST', '/api/c/applyIdentity/2', {
      jsonExtras: JSON.stringify({ businessCardUrl, realName: '张三' }),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const pending = async () => json<{ data: AdminOverview }>(await admin.call('GET', '/api/admin/overview')).data.pending;
    expect(await pending()).toMatchObject({ identityApplications: 1 });
    const record = json<{ data: { id: number } }>(applied).data;
    expect((await admin.call('POST', `/api/admin/identity/applications/${record.id}/approve`)).statusCode).toBe(200);
    expect(await pending()).toMatchObject({ identityApplications: 0 });
  });

  it('refuses a window outside 7 to 365 days', async () => {
    const response = await admin.call('GET', '/api/admin/overview?days=3');
    expect(response.statusCode).toBe(400);
    expect(json(response).code).toBe(ErrorCode.validation);
  });

  it('is for admins only', async () => {
    expect((await member.call('GET', '/api/admin/overview')).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'GET', url: '/api/admin/overview' })).statusCode).toBe(401);
  });
});
