import sharp from 'sharp';
import { ErrorCode, type Tour, type TourUpdate, TourErrors } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { dataOf, json, type TestApp } from '../../test/test-app.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { attachAsset, type Person, processedPanorama } from '../../test/works-fixtures.js';

let testApp: TestApp;
let owner: Person;
let stranger: Person;
let panorama: Buffer;

beforeAll(async () => {
  ({ testApp, owner, stranger } = await appWithPeople({ owner: { name: 'Owner' }, stranger: { name: 'Stranger' } }));
  panorama = await renderSyntheticPanorama({ width: 2048, height: 1024 });
});
afterAll(() => testApp.close());

describe('GET and PUT /api/model/{id}/tour', () => {
  let uid: string;
  let tour: Tour;
  beforeAll(async () => {
    const second = await renderSyntheticPanorama({ width: 2048, height: 1024, label: '卧室' });
    uid = (await processedPanorama(testApp.app, owner, [panorama, second], '漫游')).uid;
    tour = dataOf<Tour>(await owner.call('GET', `/api/model/${uid}/tour`));
  });

  const update = (changes: Partial<TourUpdate> = {}): TourUpdate => ({
    revision: tour.revision,
    scenes: tour.scenes.map(({ baseUrl: _base, panorama: _panorama, ...settings }) => settings),
    autorotateDelay: tour.autorotateDelay,
    gallery: tour.gallery,
    musicAssetId: null,
    ...changes,
  });

  it('saves names, order, views and hotspots, and bumps the revision', async () => {
    const [living, bedroom] = tour.scenes;
    const scenes = [
      { ...bedroom!, name: '卧室', baseUrl: undefined, panorama: undefined },
      {
        ...living!,
        name: '客厅',
        initialView: { yaw: 30, pitch: -5 },
        fov: 60,
        hotspots: [
          { id: 'h1', kind: 'link' as const, yaw: 90, pitch: -10, targetSceneId: bedroom!.id, arrowYaw: 90, label: '' },
          {
            id: 'h2',
            kind: 'info' as const,
            yaw: -45,
            pitch: 0,
            title: '落地窗',
            text: '南向采光',
            imageUrl: '',
            linkUrl: 'https://example.com/window',
          },
        ],
      },
    ].map(({ baseUrl: _b, panorama: _p, ...settings }) => settings);
    const saved = await owner.call(
      'PUT',
      `/api/model/${uid}/tour`,
      update({ scenes, autorotateDelay: 0, gallery: false }) as unknown as Record<string, unknown>,
    );
    expect(saved.statusCode).toBe(200);
    const after = dataOf<Tour>(saved);
    expect(after.revision).toBe(tour.revision + 1);
    expect(after.scenes.map((scene) => scene.name)).toEqual(['卧室', '客厅']);
    expect(after.scenes[1]).toMatchObject({ initialView: { yaw: 30, pitch: -5 }, fov: 60, hotspots: [{ id: 'h1' }, { id: 'h2' }] });
    expect(after).toMatchObject({ autorotateDelay: 0, gallery: false });
    tour = after;
  });

  it('refuses stale revisions, broken links, unsafe URLs, bad numbers and other people', async () => {
    const stale = await owner.call(
      'PUT',
      `/api/model/${uid}/tour`,
      update({ revision: tour.revision - 1 }) as unknown as Record<string, unknown>,
    );
    expect(stale.statusCode).toBe(409);
    expect(json(stale).code).toBe(TourErrors.tourRevisionStale.code);

    const withHotspot = (hotspot: Record<string, unknown>) => {
      const scenes = update().scenes.map((scene, index) => (index === 0 ? { ...scene, hotspots: [hotspot as never] } : scene));
      return owner.call('PUT', `/api/model/${uid}/tour`, update({ scenes }) as unknown as Record<string, unknown>);
    };
    const dead = await withHotspot({ id: 'x', kind: 'link', yaw: 0, pitch: 0, targetSceneId: 'a999', arrowYaw: 0, label: '' });
    expect(dead.statusCode).toBe(400);
    expect(json(dead).code).toBe(TourErrors.tourInvalid.code);
    const script = await withHotspot({
      id: 'y',
      kind: 'info',
      yaw: 0,
      pitch: 0,
      title: 't',
      text: '',
      imageUrl: '',
      linkUrl: 'javascript:alert(1)',
    });
    expect(json(script)).toMatchObject({
      code: TourErrors.tourInvalid.code,
      msg: '漫游设置有误：热点 y 的链接只能是 http(s) 地址或本站文件',
    });
    const outOfRange = await withHotspot({ id: 'z', kind: 'info', yaw: 400, pitch: 0, title: 't', text: '', imageUrl: '', linkUrl: '' });
    expect(outOfRange.statusCode).toBe(400);
    expect(json(outOfRange).code).toBe(ErrorCode.validation);
    const missingScene = await owner.call(
      'PUT',
      `/api/model/${uid}/tour`,
      update({ scenes: update().scenes.slice(1) }) as unknown as Record<string, unknown>,
    );
    expect(json(missingScene).code).toBe(TourErrors.tourInvalid.code);
    const sensitive = await owner.call(
      'PUT',
      `/api/model/${uid}/tour`,
      update({ scenes: update().scenes.map((scene) => ({ ...scene, name: '赌博' })) }) as unknown as Record<string, unknown>,
    );
    expect(sensitive.statusCode).toBe(400);

    expect((await stranger.call('PUT', `/api/model/${uid}/tour`, update() as unknown as Record<string, unknown>)).statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/model/${uid}/tour`)).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: `/api/model/${uid}/tour` })).statusCode).toBe(404);
  });

  it("is public once the work is online, and takes background music from the work's music file", async () => {
    await attachAsset(
      testApp.app,
      owner,
      uid,
      'cover',
      await sharp({ create: { width: 64, height: 32, channels: 3, background: '#369' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    expect((await owner.call('PUT', `/api/model/${uid}/onLined`, 'onLined=true')).statusCode).toBe(200);
    await attachAsset(testApp.app, owner, uid, 'music', Buffer.concat([Buffer.from('ID3'), Buffer.alloc(200, 1)]), 'audio/mpeg');
    const music = dataOf<{ assets: { id: number; kind: string }[] }>(await owner.call('GET', `/api/model/${uid}`)).assets.find(
      (asset) => asset.kind === 'music',
    )!;
    const saved = dataOf<Tour>(
      await owner.call('PUT', `/api/model/${uid}/tour`, update({ musicAssetId: music.id }) as unknown as Record<string, unknown>),
    );
    expect(saved.musicUrl).toMatch(new RegExp(`^/files/.+\\?w=${uid}$`));
    expect(saved.musicAssetId).toBe(music.id);
    tour = saved;
    const anonymous = await testApp.app.inject({ method: 'GET', url: `/api/model/${uid}/tour` });
    expect(anonymous.statusCode).toBe(200);
    expect(dataOf<Tour>(anonymous).musicUrl).toBe(saved.musicUrl);
  });
});
