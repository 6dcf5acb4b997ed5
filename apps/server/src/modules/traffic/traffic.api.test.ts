import { panoramaTilePath, type Tour } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { createTestApp, json, type TestApp } from '../../test/test-app.js';
import { person, processedPanorama, type Person } from '../../test/works-fixtures.js';

let testApp: TestApp;
let owner: Person;
let stranger: Person;

beforeAll(async () => {
  testApp = await createTestApp();
  owner = await person(testApp.app, { name: 'Owner' });
  stranger = await person(testApp.app, { name: 'Stranger' });
});
afterAll(() => testApp.close());

const data = <T>(response: Awaited<ReturnType<Person['call']>>) => json<{ data: T }>(response).data;

describe('traffic', () => {
  it('counts the requests and bytes of every file served for a work, per day, for its owner only', async () => {
    const work = await processedPanorama(testApp.app, owner, [await renderSyntheticPanorama({ width: 2048, height: 1024 })]);
    const tour = data<Tour>(await owner.call('GET', `/api/model/${work.uid}/tour`));
    const tile = await testApp.app.inject({ method: 'GET', url: tour.scenes[0]!.baseUrl + panoramaTilePath(0, 'front', 0, 0) });
    const thumb = await testApp.app.inject({ method: 'GET', url: `${tour.scenes[0]!.baseUrl}thumb.jpg`, headers: { range: 'bytes=0-99' } });
    expect(thumb.statusCode).toBe(206);
    const traffic = await owner.call('GET', `/api/model/${work.uid}/traffic?days=7`);
    expect(traffic.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(data(traffic)).toEqual({
      days: [{ day: today, requests: 2, bytes: tile.rawPayload.length + 100 }],
      requests: 2,
      bytes: tile.rawPayload.length + 100,
    });
    expect((await stranger.call('GET', `/api/model/${work.uid}/traffic`)).statusCode).toBe(404);
    expect((await owner.call('GET', `/api/model/${work.uid}/traffic?days=0`)).statusCode).toBe(400);

    // A flush returns once what an earlier flush (the timer's) was still writing is in the table too.
    await testApp.app.inject({ method: 'GET', url: tour.scenes[0]!.baseUrl + panoramaTilePath(0, 'front', 0, 0) });
    const { traffic: counter } = testApp.app.services;
    void counter.flush();
    const totals = await counter.ownerTotalsOfDay(today);
    expect(totals.find((total) => total.ownerId === owner.id)?.requests).toBe(3);
  });
});
