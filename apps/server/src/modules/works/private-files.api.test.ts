import { type WorkAsset, type WorkDetail, type WorkTransfer, UploadErrors } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerSecrets } from '../../db/server-secrets.js';
import { dataOf, json, type TestApp } from '../../test/test-app.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { attachAsset, person, type Person, publishedWork, samplePng } from '../../test/works-fixtures.js';
import { LedgerAccount } from '../ledger/ledger.service.js';
import { FileUrlSigner } from '../uploads/file-urls.js';

let testApp: TestApp;
let owner: Person;
let stranger: Person;
let admin: Person;
let work: WorkDetail;

const anonymous = (url: string) => testApp.app.inject({ method: 'GET', url });
const keyOf = (url: string) => new URL(url, 'http://x').pathname.slice('/files/'.length);
const ofKind = (assets: readonly WorkAsset[], kind: WorkAsset['kind']) => assets.filter((asset) => asset.kind === kind);

beforeAll(async () => {
  ({ testApp, owner, stranger, admin } = await appWithPeople({ owner: {}, stranger: {}, admin: { roles: ['admin'] } }));
  work = await publishedWork(testApp.app, owner, '公开作品');
  await attachAsset(testApp.app, owner, work.uid, 'slr', await samplePng(), 'image/png');
  await attachAsset(testApp.app, owner, work.uid, 'music', Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00music-bytes'), 'audio/mpeg');
});
afterAll(() => testApp.close());

describe('originals and SLR photos of an online work', () => {
  it('are left out of the work for anyone but its owner and admins, names included', async () => {
    for (const response of [await anonymous(`/api/model/${work.uid}`), await stranger.call('GET', `/api/model/${work.uid}`)]) {
      expect(response.statusCode).toBe(200);
      const seen = dataOf<WorkDetail>(response);
      expect(seen.assets.map((asset) => asset.kind).sort()).toEqual(['cover', 'music']);
      expect(response.body).not.toContain('origin.bin');
      expect(response.body).not.toContain('slr.bin');
    }
  });

  it('are not served by /files to anyone without a signed link; public kinds are', async () => {
    const full = dataOf<WorkDetail>(await owner.call('GET', `/api/model/${work.uid}`));
    for (const asset of [...ofKind(full.assets, 'origin'), ...ofKind(full.assets, 'slr')]) {
      expect((await anonymous(`/files/${keyOf(asset.url)}`)).statusCode).toBe(404);
    }
    for (const asset of [...ofKind(full.assets, 'cover'), ...ofKind(full.assets, 'music')]) {
      const served = await anonymous(asset.url);
      expect(served.statusCode, asset.kind).toBe(200);
      expect(served.headers['cache-control']).toContain('public');
    }
  });

  it('reach their owner and admins through links that open them for an hour', async () => {
    for (const reader of [owner, admin]) {
      const seen = dataOf<WorkDetail>(await reader.call('GET', `/api/model/${work.uid}`));
      const [origin] = ofKind(seen.assets, 'origin');
      expect(origin?.fileName).toBe('origin.bin');
      expect(origin?.url).toMatch(/^\/files\/assets\/[^?]+\?expires=\d+&signature=[\w-]+$/);
      const served = await anonymous(origin!.url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
      expect(served.headers['cache-control']).toBe('private, max-age=3600');
    }
  });

  it('refuse a link whose signature was changed, or that opens another file', async () => {
    const seen = dataOf<WorkDetail>(await owner.call('GET', `/api/model/${work.uid}`));
    const [origin] = ofKind(seen.assets, 'origin');
    const [slr] = ofKind(seen.assets, 'slr');
    const tampered = origin!.url.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    expect((await anonymous(tampered)).statusCode).toBe(403);
    const otherFile = `/files/${keyOf(slr!.url)}${new URL(origin!.url, 'http://x').search}`;
    expect((await anonymous(otherFile)).statusCode).toBe(403);
  });

  it('refuse an expired link with a message saying so', async () => {
    const seen = dataOf<WorkDetail>(await owner.call('GET', `/api/model/${work.uid}`));
    const key = keyOf(ofKind(seen.assets, 'origin')[0]!.url);
    const secrets = new ServerSecrets(testApp.app.services.database.db);
    const yesterday = new FileUrlSigner(
      () => secrets.get('file-url-hmac'),
      () => Date.now() - 24 * 3600 * 1000,
    );
    const response = await testApp.app.inject({ method: 'GET', url: await yesterday.sign(key), cookies: { language: 'en' } });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toEqual({
      code: UploadErrors.fileLinkExpired.code,
      msg: 'This download link has expired. Open the work again for a new one',
    });
  });

  it('serves nothing outside the folders meant for it (the S3 tus store keeps partial uploads under tus/)', async () => {
    await testApp.app.services.storage.put('tus/partial-upload', Buffer.from('half of someone’s file'), 'application/octet-stream');
    expect((await anonymous('/files/tus/partial-upload')).statusCode).toBe(404);
  });
});

describe('the work of a targeted sale, as its buyer sees it', () => {
  let seller: Person;
  let buyer: Person;

  beforeAll(async () => {
    seller = await person(testApp.app);
    buyer = await person(testApp.app);
  });

  const sell = async (uid: string) => {
    const response = await seller.call('POST', `/api/model/${uid}/sellTo`, `phoneOrCode=${buyer.phone}&sellingPrice=1.00&remark=`);
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<WorkTransfer>(response);
  };

  it('is a preview without files until the sale is confirmed and paid, then the files come with it', async () => {
    const sold = await publishedWork(testApp.app, seller, '待售作品');
    const transfer = await sell(sold.uid);

    const preview = await buyer.call('GET', `/api/transfers/${transfer.id}/work`);
    expect(preview.statusCode).toBe(200);
    expect(dataOf<WorkDetail>(preview)).toMatchObject({ uid: sold.uid, name: '待售作品' });
    expect(ofKind(dataOf<WorkDetail>(preview).assets, 'origin')).toEqual([]);
    expect(preview.body).not.toContain('origin.bin');
    // The seller still owns it and sees everything.
    expect(ofKind(dataOf<WorkDetail>(await seller.call('GET', `/api/transfers/${transfer.id}/work`)).assets, 'origin')).toHaveLength(1);

    const { ledger } = testApp.app.services;
    await ledger.openSystemAccount(LedgerAccount.payments);
    await ledger.openUserAccounts(buyer.id);
    await ledger.post({
      reference: `private-files-topup-${buyer.id}`,
      kind: 'topup',
      entries: [
        { account: LedgerAccount.payments, amount: -100 },
        { account: LedgerAccount.balance(buyer.id), amount: 100 },
      ],
    });
    expect((await buyer.call('POST', `/api/transfers/${transfer.id}/confirm`)).statusCode).toBe(200);

    const bought = dataOf<WorkDetail>(await buyer.call('GET', `/api/transfers/${transfer.id}/work`));
    const [origin] = ofKind(bought.assets, 'origin');
    expect((await anonymous(origin!.url)).statusCode).toBe(200);
    // The seller keeps the facts of what they sold, not its files.
    expect(ofKind(dataOf<WorkDetail>(await seller.call('GET', `/api/transfers/${transfer.id}/work`)).assets, 'origin')).toEqual([]);
  });

  it('is gone for the buyer once they refuse it or the seller withdraws it', async () => {
    const refused = await sell((await publishedWork(testApp.app, seller, '被拒作品')).uid);
    expect((await buyer.call('POST', `/api/transfers/${refused.id}/reject`)).statusCode).toBe(200);
    expect((await buyer.call('GET', `/api/transfers/${refused.id}/work`)).statusCode).toBe(404);

    const withdrawn = await sell((await publishedWork(testApp.app, seller, '撤回作品')).uid);
    expect((await seller.call('POST', `/api/transfers/${withdrawn.id}/withdraw`)).statusCode).toBe(200);
    expect((await buyer.call('GET', `/api/transfers/${withdrawn.id}/work`)).statusCode).toBe(404);
    expect((await seller.call('GET', `/api/transfers/${withdrawn.id}/work`)).statusCode).toBe(200);
  });
});
