import { MapErrors, Role, type MapSettings, type MapWorks } from '@spatia/contract';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithPeople } from '../../test/app-with-people.js';
import { json, type TestApp } from '../../test/test-app.js';
import { createWork, publishedWork, type Person } from '../../test/works-fixtures.js';
import { users } from '../users/users.tables.js';
import { works } from '../works/works.tables.js';

let testApp: TestApp;
let admin: Person;
let owner: Person;
let banned: Person;
const data = <T>(response: LightMyRequestResponse) => json<{ data: T }>(response).data;
const codeOf = (response: LightMyRequestResponse) => json<{ code: number }>(response).code;
const db = () => testApp.app.services.database.db;
const open = (url: string) => testApp.app.inject({ method: 'GET', url });

async function place(uid: string, latitude: number, longitude: number) {
  await db().update(works).set({ latitude, longitude }).where(eq(works.uid, uid));
}

let hangzhou: string;
let lisbon: string;
let fiji: string;

beforeAll(async () => {
  ({ testApp, admin, owner, banned } = await appWithPeople({
    admin: { roles: [Role.admin] },
    owner: {},
    banned: {},
  }));
  hangzhou = (await publishedWork(testApp.app, owner, '西湖')).uid;
  lisbon = (await publishedWork(testApp.app, owner, 'Lisbon')).uid;
  fiji = (await publishedWork(testApp.app, owner, 'Fiji')).uid;
  await place(hangzhou, 30.25, 120.14);
  await place(lisbon, 38.72, -9.14);
  await place(fiji, -17.7, 178.1);
  // Strangers must not see these: unpublished, in the recycle bin, unplaced, or of a disabled account.
  const draft = await createWork(owner, { name: '草稿' });
  await place(draft.uid, 30.2, 120.1);
  const binned = await publishedWork(testApp.app, owner, '回收站');
  await place(binned.uid, 30.3, 120.2);
  expect((await owner.call('DELETE', `/api/model/${binned.uid}`)).statusCode).toBe(200);
  await publishedWork(testApp.app, owner, '无位置');
  const hidden = await publishedWork(testApp.app, banned, '封禁作品');
  await place(hidden.uid, 31, 121);
  await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, banned.id));
});

afterAll(() => testApp.close());

describe('GET /api/open/map/works', () => {
  it('answers anyone the online works with a location, with cover and author, newest first', async () => {
    const response = await open('/api/open/map/works');
    expect(response.statusCode, response.body).toBe(200);
    const answer = data<MapWorks>(response);
    expect(answer.truncated).toBe(false);
    expect(answer.works.map((work) => work.uid)).toEqual([fiji, lisbon, hangzhou]);
    expect(answer.works[2]).toMatchObject({
      name: '西湖',
      type: 'panorama',
      latitude: 30.25,
      longitude: 120.14,
      author: { uid: owner.uid, name: expect.any(String) },
    });
    expect(answer.works[2]!.coverUrl).toMatch(/^\/files\//);
  });

  it('keeps to an area, across the antimeridian too, and to a type', async () => {
    const china = data<MapWorks>(await open('/api/open/map/works?west=100&south=20&east=130&north=40'));
    expect(china.works.map((work) => work.uid)).toEqual([hangzhou]);
    const pacific = data<MapWorks>(await open('/api/open/map/works?west=170&south=-30&east=-170&north=0'));
    expect(pacific.works.map((work) => work.uid)).toEqual([fiji]);
    const models = data<MapWorks>(await open('/api/open/map/works?type=model3d'));
    expect(models.works).toEqual([]);
  });

  it('refuses an area with half its edges, south above north, or out of range', async () => {
    const half = await open('/api/open/map/works?west=100&south=20');
    expect(half.statusCode).toBe(400);
    expect(codeOf(half)).toBe(MapErrors.mapBoundsInvalid.code);
    const upsideDown = await open('/api/open/map/works?west=100&south=40&east=130&north=20');
    expect(codeOf(upsideDown)).toBe(MapErrors.mapBoundsInvalid.code);
    expect((await open('/api/open/map/works?west=200&south=0&east=10&north=10')).statusCode).toBe(400);
    expect((await open('/api/open/map/works?type=video')).statusCode).toBe(400);
  });
});

describe('the base map setting', () => {
  it('is empty (the bundled basemap) until an admin sets it, readable by anyone', async () => {
    expect(data<MapSettings>(await open('/api/open/map/settings'))).toEqual({ source: '', attribution: '' });
  });

  it('is the admins’ to change, audited; anyone reads the new value', async () => {
    const settings = { source: 'https://tiles.example.com/styles/basic/style.json', attribution: '© Example Maps' };
    expect((await owner.call('PUT', '/api/admin/map/settings', settings)).statusCode).toBe(403);
    expect((await owner.call('GET', '/api/admin/map/settings')).statusCode).toBe(403);
    expect((await testApp.app.inject({ method: 'PUT', url: '/api/admin/map/settings', payload: settings })).statusCode).toBe(401);

    const saved = await admin.call('PUT', '/api/admin/map/settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(data<MapSettings>(await open('/api/open/map/settings'))).toEqual(settings);
    const log = await admin.call('GET', '/api/admin/log?action=map.settings');
    expect(log.statusCode, log.body).toBe(200);
    expect(log.body).toContain('tiles.example.com');

    const tiles = { source: 'https://tile.example.org/{z}/{x}/{y}.png', attribution: '' };
    expect((await admin.call('PUT', '/api/admin/map/settings', tiles)).statusCode).toBe(200);
    expect(data<MapSettings>(await admin.call('GET', '/api/admin/map/settings'))).toEqual(tiles);
    expect((await admin.call('PUT', '/api/admin/map/settings', { source: '', attribution: '' })).statusCode).toBe(200);
  });

  it('refuses what is not an http(s) style or tile URL', async () => {
    for (const source of ['javascript:alert(1)', 'ftp://tiles.example.com/style.json', 'not a url', 'https://t.example.com/{z}/{x}.png']) {
      const response = await admin.call('PUT', '/api/admin/map/settings', { source, attribution: '' });
      expect(response.statusCode, source).toBe(400);
      expect(codeOf(response), source).toBe(MapErrors.mapSourceInvalid.code);
    }
  });
});
