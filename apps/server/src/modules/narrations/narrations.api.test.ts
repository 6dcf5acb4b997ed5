import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ErrorCode,
  NarrationErrors,
  Permission,
  type NarrationDetail,
  type NarrationSummary,
  type PublicNarration,
} from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSyntheticPanorama } from '../../media/panorama/index.js';
import { authHeaders, dataOf, json, type TestApp } from '../../test/test-app.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { multipartFile } from '../../test/multipart.js';
import { runNarrationsOfTourScript, runTourScript, VIEWER_INDEX } from '../../test/offline-package-fixtures.js';
import { readZipEntries } from '../../test/zip-fixtures.js';
import { createWork, type Person, processedPanorama } from '../../test/works-fixtures.js';

/** A clip Chromium's MediaRecorder made (3 s of a tone, Opus in WebM, no duration in its header). */
const recordedWebm = readFileSync(new URL('../../../../../e2e/fixtures/narration.webm', import.meta.url));

/** An MP3 of `frames` silent MPEG-1 layer III frames (128 kbit/s, 44.1 kHz: 26 ms each). */
function silentMp3(frames: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

let testApp: TestApp;
let owner: Person;
let stranger: Person;
let without962: Person;
let uid: string;
let sceneIds: string[];

beforeAll(async () => {
  const viewerDir = mkdtempSync(path.join(os.tmpdir(), 'spatia-viewer-'));
  writeFileSync(path.join(viewerDir, 'index.html'), VIEWER_INDEX);
  writeFileSync(path.join(viewerDir, 'viewer.js'), 'console.log("viewer")');
  ({ testApp, owner, stranger, without962 } = await appWithPeople(
    {
      owner: { name: 'Narrator', menus: [Permission.explain] },
      stranger: { name: 'Stranger', menus: [Permission.explain] },
      without962: { name: 'No explain' },
    },
    { VIEWER_DIST_DIR: viewerDir },
  ));
  const [first, second] = await Promise.all([
    renderSyntheticPanorama({ width: 1024, height: 512, label: '客厅' }),
    renderSyntheticPanorama({ width: 1024, height: 512, label: '卧室' }),
  ]);
  const work = await processedPanorama(testApp.app, owner, [first, second], '讲解样板间');
  uid = work.uid;
  sceneIds = dataOf<{ scenes: { id: string }[] }>(await owner.call('GET', `/api/model/${uid}/tour`)).scenes.map((scene) => scene.id);
});
afterAll(() => testApp.close());

const uploadAudio = (as: Person, id: number, sceneId: string, bytes: Buffer, fileName = 'clip.webm', contentType = 'audio/webm') => {
  const body = multipartFile('file', fileName, contentType, bytes);
  return testApp.app.inject({
    method: 'PUT',
    url: `/api/narrations/${id}/scenes/${sceneId}/audio`,
    headers: { ...authHeaders(as.token), ...body.headers },
    payload: body.payload,
  });
};
const codeOf = (response: Parameters<typeof json>[0]) => json<{ code: number }>(response).code;

describe('narrated guides', () => {
  let guide: NarrationDetail;

  it('creates a draft for the owner’s tour, with every scene of the tour in its order', async () => {
    const created = await owner.call('POST', '/api/narrations', { workUid: uid, title: '  样板间讲解 ', language: 'zh' });
    expect(created.statusCode, created.body).toBe(200);
    guide = dataOf<NarrationDetail>(created);
    expect(guide).toMatchObject({
      title: '样板间讲解',
      language: 'zh',
      state: 'draft',
      autoAdvance: true,
      narratedScenes: 0,
      totalScenes: 2,
    });
    expect(guide.tour).toMatchObject({ uid, name: '讲解样板间' });
    expect(guide.scenes.map((scene) => scene.sceneId)).toEqual(sceneIds);
    expect(guide.scenes[0]!.thumbnailUrl).toMatch(/^\/files\/derived\/.+\/thumb\.jpg$/);
  });

  it('refuses a second guide in the same language, a tour of someone else, a work that is no tour, and bad input', async () => {
    const twice = await owner.call('POST', '/api/narrations', { workUid: uid, title: 'Again', language: 'zh' });
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, NarrationErrors.narrationLanguageTaken.code]);
    const theirs = await stranger.call('POST', '/api/narrations', { workUid: uid, title: 'Mine now', language: 'en' });
    expect([theirs.statusCode, codeOf(theirs)]).toEqual([404, NarrationErrors.narrationTourNotYours.code]);
    const model = await createWork(owner, { name: '模型', type: 'model3d' });
    const notTour = await owner.call('POST', '/api/narrations', { workUid: model.uid, title: 'Model', language: 'en' });
    expect(codeOf(notTour)).toBe(NarrationErrors.narrationTourNotYours.code);
    const badLanguage = await owner.call('POST', '/api/narrations', { workUid: uid, title: 'x', language: 'fr' });
    expect([badLanguage.statusCode, codeOf(badLanguage)]).toEqual([400, ErrorCode.validation]);
    const blank = await owner.call('POST', '/api/narrations', { workUid: uid, title: '   ', language: 'en' });
    expect(blank.statusCode).toBe(400);
  });

  it('keeps scene text as plain text and refuses a scene not in the tour', async () => {
    const saved = await owner.call('PUT', `/api/narrations/${guide.id}/scenes/${sceneIds[0]}/text`, {
      text: '  <b>欢迎</b>来到客厅。\r\n\r\n\r\n南向采光\u0007 ',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const scene = dataOf<NarrationDetail>(saved).scenes[0]!;
    expect(scene.text).toBe('<b>欢迎</b>来到客厅。\n\n南向采光');
    expect(dataOf<NarrationDetail>(saved).narratedScenes).toBe(1);
    const missing = await owner.call('PUT', `/api/narrations/${guide.id}/scenes/a999/text`, { text: 'x' });
    expect([missing.statusCode, codeOf(missing)]).toEqual([404, NarrationErrors.narrationSceneNotInTour.code]);
    const tooLong = await owner.call('PUT', `/api/narrations/${guide.id}/scenes/${sceneIds[0]}/text`, { text: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    const sensitive = await owner.call('PUT', `/api/narrations/${guide.id}/scenes/${sceneIds[0]}/text`, { text: '赌博' });
    expect(sensitive.statusCode).toBe(400);
  });

  it('takes a recorded WebM and an MP3 by their bytes, measures them, and refuses what is not sound', async () => {
    const webm = await uploadAudio(owner, guide.id, sceneIds[1]!, recordedWebm);
    expect(webm.statusCode, webm.body).toBe(200);
    const audio = dataOf<NarrationDetail>(webm).scenes[1]!.audio!;
    expect(audio).toMatchObject({ contentType: 'audio/webm', bytes: recordedWebm.length });
    expect(audio.durationMs).toBeGreaterThan(2500);
    expect(audio.durationMs).toBeLessThan(3500);
    expect(audio.url).toMatch(new RegExp(`^/files/narrations/${guide.id}/${sceneIds[1]}-[0-9a-f]+\\.webm\\?w=${uid}$`));
    const served = await testApp.app.inject({ method: 'GET', url: audio.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(recordedWebm)).toBe(true);

    const mp3 = await uploadAudio(owner, guide.id, sceneIds[0]!, silentMp3(80), 'clip.mp3', 'audio/mpeg');
    expect(mp3.statusCode, mp3.body).toBe(200);
    expect(dataOf<NarrationDetail>(mp3).scenes[0]!.audio).toMatchObject({ contentType: 'audio/mpeg' });

    const png = await uploadAudio(
      owner,
      guide.id,
      sceneIds[0]!,
      Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      'x.mp3',
      'audio/mpeg',
    );
    expect([png.statusCode, codeOf(png)]).toEqual([415, NarrationErrors.narrationAudioUnsupported.code]);
    const text = await uploadAudio(owner, guide.id, sceneIds[0]!, Buffer.from('not audio at all'.repeat(20)), 'x.mp3', 'audio/mpeg');
    expect(codeOf(text)).toBe(NarrationErrors.narrationAudioUnsupported.code);
    const truncated = await uploadAudio(
      owner,
      guide.id,
      sceneIds[0]!,
      Buffer.from([0xff, 0xfb, 0x90, 0x64, 1, 2, 3]),
      'x.mp3',
      'audio/mpeg',
    );
    expect([truncated.statusCode, codeOf(truncated)]).toEqual([400, NarrationErrors.narrationAudioUnreadable.code]);
    const tooLong = await uploadAudio(owner, guide.id, sceneIds[0]!, silentMp3(11_600), 'long.mp3', 'audio/mpeg');
    expect([tooLong.statusCode, codeOf(tooLong)]).toEqual([400, NarrationErrors.narrationAudioTooLong.code]);
    const elsewhere = await uploadAudio(owner, guide.id, 'a999', recordedWebm);
    expect(codeOf(elsewhere)).toBe(NarrationErrors.narrationSceneNotInTour.code);

    const removed = await owner.call('DELETE', `/api/narrations/${guide.id}/scenes/${sceneIds[0]}/audio`);
    expect(dataOf<NarrationDetail>(removed).scenes[0]!.audio).toBeNull();
    expect(dataOf<NarrationDetail>(removed).narratedScenes).toBe(2);
  });

  it('changes title, language and auto-advance', async () => {
    const updated = await owner.call('PUT', `/api/narrations/${guide.id}`, { title: 'Show flat', language: 'en', autoAdvance: false });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(dataOf<NarrationDetail>(updated)).toMatchObject({ title: 'Show flat', language: 'en', autoAdvance: false });
    const list = dataOf<NarrationSummary[]>(await owner.call('GET', '/api/narrations'));
    expect(list).toEqual([expect.objectContaining({ id: guide.id, narratedScenes: 2, totalScenes: 2, state: 'draft' })]);
    expect(dataOf<NarrationSummary[]>(await stranger.call('GET', '/api/narrations'))).toEqual([]);
  });

  it('publishes once, and the tour’s viewers then get it (the offline work only for its owner)', async () => {
    const before = await testApp.app.inject({ method: 'GET', url: `/api/model/${uid}/narration` });
    expect(before.statusCode).toBe(404);
    expect(dataOf<PublicNarration | null>(await owner.call('GET', `/api/model/${uid}/narration`))).toBeNull();
    const published = await owner.call('POST', `/api/narrations/${guide.id}/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(dataOf<NarrationDetail>(published).state).toBe('published');
    const again = await owner.call('POST', `/api/narrations/${guide.id}/publish`);
    expect([again.statusCode, codeOf(again)]).toEqual([409, NarrationErrors.narrationAlreadyPublished.code]);

    expect((await owner.call('PUT', `/api/model/${uid}/onLined`, 'onLined=true')).statusCode).toBe(200);
    const heard = await testApp.app.inject({ method: 'GET', url: `/api/model/${uid}/narration?language=zh` });
    expect(heard.statusCode, heard.body).toBe(200);
    const narration = dataOf<PublicNarration>(heard);
    expect(narration).toMatchObject({ id: guide.id, title: 'Show flat', language: 'en', autoAdvance: false });
    expect(narration.scenes.map((scene) => [scene.sceneId, scene.text !== '', scene.audio !== null])).toEqual([
      [sceneIds[0], true, false],
      [sceneIds[1], false, true],
    ]);
  });

  it('rides in the offline package: the texts in tour.js, the clips as files the guide names', async () => {
    const response = await owner.call('GET', `/api/model/${uid}/offlinePackage`);
    expect(response.statusCode).toBe(200);
    const entries = await readZipEntries(response.rawPayload);
    const script = entries.get('tour.js')!.toString();
    expect(runTourScript(script).scenes.map((scene) => scene.id)).toEqual(sceneIds);
    const [packaged, ...others] = runNarrationsOfTourScript(script);
    expect(others).toEqual([]);
    expect(packaged).toMatchObject({ id: guide.id, title: 'Show flat', autoAdvance: false });
    expect(packaged!.scenes[0]).toEqual({ sceneId: sceneIds[0], text: '<b>欢迎</b>来到客厅。\n\n南向采光', audio: null });
    const clip = packaged!.scenes[1]!.audio!;
    expect(clip).toMatchObject({ url: `narration/${guide.id}/${sceneIds[1]}.webm`, contentType: 'audio/webm' });
    expect(entries.get(clip.url)!.equals(recordedWebm)).toBe(true);
  });

  it('refuses other people, those without 962, and the wrong state', async () => {
    for (const [method, url, payload] of [
      ['GET', `/api/narrations/${guide.id}`, undefined],
      ['PUT', `/api/narrations/${guide.id}`, { title: 'x', language: 'zh', autoAdvance: true }],
      ['PUT', `/api/narrations/${guide.id}/scenes/${sceneIds[0]}/text`, { text: 'x' }],
      ['DELETE', `/api/narrations/${guide.id}/scenes/${sceneIds[1]}/audio`, undefined],
      ['POST', `/api/narrations/${guide.id}/unpublish`, undefined],
      ['DELETE', `/api/narrations/${guide.id}`, undefined],
    ] as const) {
      const theirs = await stranger.call(method, url, payload);
      expect([theirs.statusCode, codeOf(theirs)], `${method} ${url}`).toEqual([404, NarrationErrors.narrationNotFound.code]);
      expect((await without962.call(method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await testApp.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    expect((await uploadAudio(stranger, guide.id, sceneIds[0]!, recordedWebm)).statusCode).toBe(404);
    expect((await uploadAudio(without962, guide.id, sceneIds[0]!, recordedWebm)).statusCode).toBe(403);
    expect((await without962.call('GET', '/api/narrations')).statusCode).toBe(403);
    expect((await without962.call('POST', '/api/narrations', { workUid: uid, title: 'x', language: 'zh' })).statusCode).toBe(403);

    const draft = await owner.call('POST', `/api/narrations/${guide.id}/unpublish`);
    expect(dataOf<NarrationDetail>(draft).state).toBe('draft');
    const twice = await owner.call('POST', `/api/narrations/${guide.id}/unpublish`);
    expect([twice.statusCode, codeOf(twice)]).toEqual([409, NarrationErrors.narrationNotPublished.code]);
    expect(dataOf<PublicNarration | null>(await testApp.app.inject({ method: 'GET', url: `/api/model/${uid}/narration` }))).toBeNull();

    const empty = dataOf<NarrationDetail>(await owner.call('POST', '/api/narrations', { workUid: uid, title: '空', language: 'zh' }));
    const nothing = await owner.call('POST', `/api/narrations/${empty.id}/publish`);
    expect([nothing.statusCode, codeOf(nothing)]).toEqual([409, NarrationErrors.narrationEmpty.code]);
  });

  it('follows a grant of 962 at once, without signing in again', async () => {
    await testApp.app.services.users.setGrants(owner.id, without962.id, [Permission.explain]);
    expect((await without962.call('GET', '/api/narrations')).statusCode).toBe(200);
    await testApp.app.services.users.setGrants(owner.id, without962.id, []);
    expect((await without962.call('GET', '/api/narrations')).statusCode).toBe(403);
  });

  it('deletes a guide with its clips', async () => {
    const detail = dataOf<NarrationDetail>(await owner.call('GET', `/api/narrations/${guide.id}`));
    const clip = detail.scenes[1]!.audio!.url;
    const deleted = await owner.call('DELETE', `/api/narrations/${guide.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await owner.call('GET', `/api/narrations/${guide.id}`)).statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: clip })).statusCode).toBe(404);
  });
});
