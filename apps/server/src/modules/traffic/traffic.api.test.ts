import { panoramaTilePath, type Tour } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessCalendar } from '../../lib/business-time.js';
import { addDays } from '../../lib/day-range.js';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { dataOf, type TestApp } from '../../test/test-app.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { type Person, processedPanorama } from '../../test/works-fixtures.js';

let testApp: TestApp;
let owner: Person;
let stranger: Person;

beforeAll(async () => {
  ({ testApp, owner, stranger } = await appWithPeople({ owner: { name: 'Owner' }, stranger: { name: 'Stranger' } }));
});
afterAll(() => testApp.close());

describe('traffic', () => {
  it('counts the requests and bytes of every file served for a work, per day, for its owner only', async () => {
    const work = await processedPanorama(testApp.app, owner, [await renderSyntheticPanorama({ width: 2048, height: 1024 })]);
    const tour = dataOf<Tour>(await owner.call('GET', `/api/model/${work.uid}/tour`));
    const tile = await testApp.app.inject({ method: 'GET', url: tour.scenes[0]!.baseUrl + panoramaTilePath(0, 'front', 0, 0) });
    const thumb = await testApp.app.inject({ method: 'GET', url: `${tour.scenes[0]!.baseUrl}thumb.jpg`, headers: { range: 'bytes=0-99' } });
    expect(thumb.statusCode).toBe(206);
    const traffic = await owner.call('GET', `/api/model/${work.uid}/traffic?days=3`);
    expect(traffic.statusCode).toBe(200);
    // Counted on the business day (Beijing's), not UTC's; every day of the window is there, today last.
    const today = new BusinessCalendar('Asia/Shanghai').today(Date.now());
    expect(dataOf(traffic)).toEqual({
      days: [
        { day: addDays(today, -2), requests: 0, bytes: 0 },
        { day: addDays(today, -1), requests: 0, bytes: 0 },
        { day: today, requests: 2, bytes: tile.rawPayload.length + 100 },
      ],
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
