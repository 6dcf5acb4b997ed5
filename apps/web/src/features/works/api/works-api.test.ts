import { type SentRequest } from '../../../api/client';
import { describe, expect, it } from 'vitest';
import { setUpApiHarness } from '../../../test/api-harness';
import { deleteWork, deleteWorks } from './delete-works';
import { getWorks } from './get-works';
import { setWorkBudget } from './maintain-work';
import { setWorkInOfficial, setWorkOnline } from './publish-work';
import { restoreWorks } from './recycle-bin';
import { distributeWork, sellWork } from './transfer-work';
import { putWorkOnMarket } from './work-market';

const { seen, replyWith } = setUpApiHarness();

const sent = (index = 0) => seen[index]!;
const formOf = (config: SentRequest) => Object.fromEntries(new URLSearchParams(String(config.data)));

describe('works API requests', () => {
  it('lists with the page and only the filters that are set, the keyword trimmed', async () => {
    replyWith({ list: [], total: 0, pageNum: 2, pageSize: 24 });
    await getWorks('u 1', { pageNum: 2, pageSize: 24, keyword: ' 断桥 ', status: 'published' });
    expect(sent().url).toBe('/fe/client/u%201/models');
    expect(sent().params).toEqual({ pageNum: 2, pageSize: 24, keyword: '断桥', status: 'published', type: undefined, tag: undefined });
    await getWorks('u1', { pageNum: 1, pageSize: 12, keyword: '  ' });
    expect(sent(1).params?.keyword).toBeUndefined();
  });

  it('deletes one by its path and several in one JSON body', async () => {
    replyWith({ deleted: 2 });
    await deleteWork('w1');
    expect(`${sent().method} ${sent().url}`).toBe('delete /model/w1');
    await expect(deleteWorks(['w1', 'w2'])).resolves.toBe(2);
    expect(`${sent(1).method} ${sent(1).url}`).toBe('delete /model/batchDeleteLogically');
    expect(JSON.parse(String(sent(1).data))).toEqual({ modelUids: ['w1', 'w2'] });
  });

  it('restores each work of an undo', async () => {
    replyWith({});
    await restoreWorks(['a', 'b']);
    expect(seen.map((config) => `${config.method} ${config.url}`)).toEqual(['post /model/a/restore', 'post /model/b/restore']);
  });

  it('sends online, showcase and budget changes form encoded, the budget always 200', async () => {
    replyWith({});
    await setWorkOnline('w1', true);
    expect(`${sent().method} ${sent().url}`).toBe('put /model/w1/onLined');
    expect(formOf(sent())).toEqual({ onLined: 'true' });
    await setWorkInOfficial('w1', false);
    expect(`${sent(1).method} ${sent(1).url}`).toBe('patch /model/w1/attr');
    expect(formOf(sent(1))).toEqual({ openInOfficial: 'false' });
    await setWorkBudget('w1');
    expect(`${sent(2).method} ${sent(2).url}`).toBe('post /model/w1/budget');
    expect(formOf(sent(2))).toEqual({ budget: '200' });
  });

  it("sends prices as yuan with two decimals, and the listing's licence", async () => {
    replyWith({});
    await putWorkOnMarket({ uid: 'w1', priceFen: 128850, licence: 'copy' });
    expect(`${sent().method} ${sent().url}`).toBe('put /model/w1/market');
    expect(formOf(sent())).toEqual({ price: '1288.50', licence: 'copy' });
    await sellWork({ uid: 'w1', phoneOrCode: ' 13800000002 ', priceFen: 5, remark: ' for you ' });
    expect(`${sent(1).method} ${sent(1).url}`).toBe('post /model/w1/sellTo');
    expect(formOf(sent(1))).toEqual({ phoneOrCode: '13800000002', sellingPrice: '0.05', remark: 'for you' });
  });

  it('distributes with the fixed full name 1', async () => {
    replyWith({});
    await distributeWork('w1', '13800000002');
    expect(`${sent().method} ${sent().url}`).toBe('post /model/w1/distribute');
    expect(formOf(sent())).toEqual({ fullName: '1', phoneNumber: '13800000002' });
  });
});
