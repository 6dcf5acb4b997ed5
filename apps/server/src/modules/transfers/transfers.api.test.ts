import {
  type NotificationPage,
  type Page,
  type WorkDetail,
  type WorkSummary,
  type WorkTransfer,
  LedgerErrors,
  TransferErrors,
  WorkErrors,
} from '@spatia/contract';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { LedgerAccount } from '../ledger/ledger.service.js';
import { dataOf, json } from '../../test/test-app.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { createWork, person, type Person, publishedWork } from '../../test/works-fixtures.js';

const { testApp, sender, receiver, stranger } = await appWithPeople({
  sender: { name: 'Sender' },
  receiver: { name: 'Receiver' },
  stranger: {},
});
afterAll(() => testApp.close());

const distribute = (as: Person, uid: string, phone: string) =>
  as.call('POST', `/api/model/${uid}/distribute`, `fullName=1&phoneNumber=${phone}`);
const sell = (as: Person, uid: string, phoneOrCode: string, price: string, remark = '') =>
  as.call(
    'POST',
    `/api/model/${uid}/sellTo`,
    `phoneOrCode=${encodeURIComponent(phoneOrCode)}&sellingPrice=${price}&remark=${encodeURIComponent(remark)}`,
  );
const received = async (as: Person, status = '') =>
  dataOf<Page<WorkTransfer>>(await as.call('GET', `/api/transfers/received?status=${status}`));
const sent = async (as: Person, status = '') => dataOf<Page<WorkTransfer>>(await as.call('GET', `/api/transfers/sent?status=${status}`));

async function topUp(user: Person, fen: number) {
  const { ledger } = testApp.app.services;
  await ledger.openSystemAccount(LedgerAccount.payments);
  await ledger.openUserAccounts(user.id);
  await ledger.post({
    reference: `test-topup-${user.id}-${fen}-${Math.random()}`,
    kind: 'topup',
    entries: [
      { account: LedgerAccount.payments, amount: -fen },
      { account: LedgerAccount.balance(user.id), amount: fen },
    ],
  });
}

describe('distribute', () => {
  it('lists the transfer for both sides, and confirming hands the work over', async () => {
    const work = await createWork(sender, { name: '赠送作品' });
    const response = await distribute(sender, work.uid, receiver.phone);
    expect(response.statusCode).toBe(200);
    const transfer = dataOf<WorkTransfer>(response);
    expect(transfer).toMatchObject({ kind: 'distribute', status: 'pending', price: 0, work: { uid: work.uid, name: '赠送作品' } });
    expect(transfer.sender).toMatchObject({ uid: sender.uid, name: 'Sender' });
    expect(transfer.receiver).toMatchObject({ uid: receiver.uid, name: 'Receiver' });
    expect(transfer.expiresAt - transfer.sentAt).toBe(7 * 24 * 60 * 60 * 1000);

    expect((await received(receiver, 'pending')).list.map((row) => row.id)).toContain(transfer.id);
    expect((await sent(sender)).list.map((row) => row.id)).toContain(transfer.id);
    expect((await received(stranger)).total).toBe(0);

    // The receiver may look at the work before answering; a stranger may not.
    expect(dataOf<WorkDetail>(await receiver.call('GET', `/api/transfers/${transfer.id}/work`)).uid).toBe(work.uid);
    expect((await stranger.call('GET', `/api/transfers/${transfer.id}/work`)).statusCode).toBe(404);

    // Marked and locked while pending, in the list as in the detail.
    const listed = dataOf<Page<WorkSummary>>(await sender.call('GET', `/api/fe/client/${sender.uid}/models?pageSize=100`));
    expect(listed.list.find((row) => row.uid === work.uid)?.pendingTransfer).toBe(true);
    expect(listed.list.filter((row) => row.pendingTransfer).map((row) => row.uid)).toEqual([work.uid]);
    expect(json(await owner(sender).delete(work.uid)).code).toBe(WorkErrors.workLocked.code);
    expect(json(await distribute(sender, work.uid, stranger.phone)).code).toBe(WorkErrors.workLocked.code);

    // Only the receiver answers; only the sender withdraws.
    expect((await stranger.call('POST', `/api/transfers/${transfer.id}/confirm`)).statusCode).toBe(404);
    expect((await sender.call('POST', `/api/transfers/${transfer.id}/confirm`)).statusCode).toBe(403);
    expect((await receiver.call('POST', `/api/transfers/${transfer.id}/withdraw`)).statusCode).toBe(403);

    expect((await receiver.call('POST', `/api/transfers/${transfer.id}/confirm`)).statusCode).toBe(200);
    const theirs = dataOf<Page<WorkSummary>>(await receiver.call('GET', `/api/fe/client/${receiver.uid}/models`));
    expect(theirs.list.map((row) => row.uid)).toContain(work.uid);
    expect((await sender.call('GET', `/api/model/${work.uid}`)).statusCode).toBe(404);
    expect((await sent(sender, 'confirmed')).list.find((row) => row.id === transfer.id)?.answeredAt).toBeGreaterThan(0);

    const again = await receiver.call('POST', `/api/transfers/${transfer.id}/reject`);
    expect(again.statusCode).toBe(409);
    expect(json(again).code).toBe(TransferErrors.transferNotPending.code);
  });

  it("refuses yourself, unknown phone numbers, bad numbers and someone else's work", async () => {
    const work = await createWork(sender);
    expect(json(await distribute(sender, work.uid, sender.phone)).code).toBe(TransferErrors.transferToSelf.code);
    const unknown = await distribute(sender, work.uid, '13999999999');
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown).code).toBe(TransferErrors.receiverNotFound.code);
    expect((await distribute(sender, work.uid, '12345')).statusCode).toBe(400);
    expect((await distribute(stranger, work.uid, receiver.phone)).statusCode).toBe(404);
    const online = await publishedWork(testApp.app, sender);
    expect((await distribute(stranger, online.uid, receiver.phone)).statusCode).toBe(403);
  });

  it('lets the receiver reject and the sender withdraw', async () => {
    const first = await createWork(sender);
    const second = await createWork(sender);
    const rejected = dataOf<WorkTransfer>(await distribute(sender, first.uid, receiver.phone));
    const withdrawn = dataOf<WorkTransfer>(await distribute(sender, second.uid, receiver.phone));
    expect((await receiver.call('POST', `/api/transfers/${rejected.id}/reject`)).statusCode).toBe(200);
    expect((await sender.call('POST', `/api/transfers/${withdrawn.id}/withdraw`)).statusCode).toBe(200);
    expect((await sent(sender, 'rejected')).list.map((row) => row.id)).toContain(rejected.id);
    expect((await received(receiver, 'withdrawn')).list.map((row) => row.id)).toContain(withdrawn.id);
    // Both works stay with the sender and are free again.
    expect(dataOf<WorkDetail>(await sender.call('GET', `/api/model/${first.uid}`)).pendingTransfer).toBe(false);
    expect((await sender.call('DELETE', `/api/model/${second.uid}`)).statusCode).toBe(200);
  });

  it('expires an unanswered transfer at its latest receipt time', async () => {
    const work = await createWork(sender);
    const transfer = dataOf<WorkTransfer>(await distribute(sender, work.uid, receiver.phone));
    // A week later the session would have expired too, so the late answer goes to the service directly.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(transfer.expiresAt + 1);
    try {
      await expect(testApp.app.services.transfers.confirm({ id: receiver.id, roles: [] }, transfer.id)).rejects.toMatchObject({
        code: TransferErrors.transferExpired.code,
        httpStatus: 410,
      });
    } finally {
      clock.mockRestore();
    }
    expect((await sent(sender, 'expired')).list.map((row) => row.id)).toContain(transfer.id);
    expect(dataOf<WorkDetail>(await sender.call('GET', `/api/model/${work.uid}`)).owner.uid).toBe(sender.uid);
  });

  it('expires due transfers in bulk (the job)', async () => {
    const work = await createWork(sender);
    const transfer = dataOf<WorkTransfer>(await distribute(sender, work.uid, receiver.phone));
    const clock = vi.spyOn(Date, 'now').mockReturnValue(transfer.expiresAt);
    try {
      expect(await testApp.app.services.transfers.expireDue()).toBeGreaterThanOrEqual(1);
    } finally {
      clock.mockRestore();
    }
    expect((await received(receiver, 'pending')).list.map((row) => row.id)).not.toContain(transfer.id);
  });
});

describe('sellTo', () => {
  it('parses the price as a decimal and finds the buyer by invite code too', async () => {
    const work = await createWork(sender);
    expect((await sell(sender, work.uid, receiver.phone, '1.234')).statusCode).toBe(400);
    expect((await sell(sender, work.uid, receiver.phone, 'abc')).statusCode).toBe(400);
    expect((await sell(sender, work.uid, receiver.phone, '0')).statusCode).toBe(400);
    const { inviteCode } = await testApp.app.services.profile.getProfile(receiver.id);
    expect((await sell(sender, work.uid, 'NOCODE', '88.8')).statusCode).toBe(404);
    const byCode = dataOf<WorkTransfer>(await sell(sender, work.uid, inviteCode.toLowerCase(), '88.8', '首付'));
    expect(byCode).toMatchObject({ kind: 'sale', price: 8880, remark: '首付' });
    expect(byCode.receiver.uid).toBe(receiver.uid);
  });

  it("confirming moves the price from the buyer's balance to the seller's income, all or nothing", async () => {
    const buyer = await person(testApp.app);
    const seller = await person(testApp.app);
    const work = await createWork(seller, { name: '出售作品' });
    const transfer = dataOf<WorkTransfer>(await sell(seller, work.uid, buyer.phone, '100.5', '含安装'));
    expect(transfer).toMatchObject({ kind: 'sale', price: 10050, remark: '含安装' });

    const poor = await buyer.call('POST', `/api/transfers/${transfer.id}/confirm`);
    expect(poor.statusCode).toBe(409);
    expect(json(poor).code).toBe(LedgerErrors.insufficientBalance.code);
    expect((await received(buyer, 'pending')).list.map((row) => row.id)).toContain(transfer.id);
    expect(dataOf<WorkDetail>(await seller.call('GET', `/api/model/${work.uid}`)).owner.uid).toBe(seller.uid);

    await topUp(buyer, 20_000);
    expect((await buyer.call('POST', `/api/transfers/${transfer.id}/confirm`)).statusCode).toBe(200);
    const { ledger } = testApp.app.services;
    expect(await ledger.balance(LedgerAccount.balance(buyer.id))).toBe(9_950);
    expect(await ledger.balance(LedgerAccount.income(seller.id))).toBe(10_050);
    expect(dataOf<WorkDetail>(await buyer.call('GET', `/api/model/${work.uid}`)).owner.uid).toBe(buyer.uid);
  });

  it('books a sale once when the receiver confirms twice at the same moment, or the sender withdraws meanwhile', async () => {
    const buyer = await person(testApp.app);
    const seller = await person(testApp.app);
    await topUp(buyer, 10_000);
    const work = await createWork(seller);
    const transfer = dataOf<WorkTransfer>(await sell(seller, work.uid, buyer.phone, '10'));
    const answers = await Promise.all([
      buyer.call('POST', `/api/transfers/${transfer.id}/confirm`),
      buyer.call('POST', `/api/transfers/${transfer.id}/confirm`),
      seller.call('POST', `/api/transfers/${transfer.id}/withdraw`),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => json(answer).code === TransferErrors.transferNotPending.code)).toHaveLength(2);
    const { ledger } = testApp.app.services;
    const paid = 10_000 - (await ledger.balance(LedgerAccount.balance(buyer.id)));
    expect([0, 1_000]).toContain(paid);
    expect(await ledger.balance(LedgerAccount.income(seller.id))).toBe(paid);
  });

  it("takes a sold work off the seller's market", async () => {
    const buyer = await person(testApp.app);
    const work = await publishedWork(testApp.app, sender);
    const { workPublishing } = testApp.app.services;
    const admin = { id: (await person(testApp.app)).id, roles: ['admin'] };
    await sender.call('POST', `/api/model/${work.uid}/audit`);
    await workPublishing.claimReview(admin, work.uid);
    await workPublishing.decideReview(admin, work.uid, { passed: true, note: '' });
    await sender.call('PUT', `/api/model/${work.uid}/market`, 'price=50');
    const transfer = dataOf<WorkTransfer>(await sell(sender, work.uid, buyer.phone, '30'));
    expect(json(await sender.call('PUT', `/api/model/${work.uid}/market`, 'price=60')).code).toBe(WorkErrors.workLocked.code);
    await topUp(buyer, 3_000);
    await buyer.call('POST', `/api/transfers/${transfer.id}/confirm`);
    expect(dataOf<WorkDetail>(await buyer.call('GET', `/api/model/${work.uid}`))).toMatchObject({
      status: 'passed',
      marketPrice: null,
      openInOfficial: false,
    });
  });
});

function owner(as: Person) {
  return { delete: (uid: string) => as.call('DELETE', `/api/model/${uid}`) };
}

describe('notices', () => {
  const notices = async (as: Person) => dataOf<NotificationPage>(await as.call('GET', '/api/c/notifications?pageSize=50')).list;

  it('tells the receiver of a transfer, and the sender of the answer', async () => {
    const work = await createWork(sender, { name: '通知作品' });
    const first = dataOf<WorkTransfer>(await distribute(sender, work.uid, receiver.phone));
    expect((await notices(receiver)).find((item) => item.params.workName === '通知作品')).toMatchObject({
      kind: 'transferReceived',
      params: { sender: 'Sender', transferKind: 'distribute', price: 0 },
      link: '/model/receiptModel',
    });
    await receiver.call('POST', `/api/transfers/${first.id}/reject`);
    expect((await notices(sender)).find((item) => item.params.workName === '通知作品')).toMatchObject({
      kind: 'transferRejected',
      params: { receiver: 'Receiver', transferKind: 'distribute' },
      link: '/model/sendModel',
    });

    // A targeted sale, confirmed; a withdrawal tells nobody.
    await topUp(receiver, 5000);
    const sale = dataOf<WorkTransfer>(await sell(sender, work.uid, receiver.phone, '12.5'));
    expect((await notices(receiver))[0]).toMatchObject({ kind: 'transferReceived', params: { transferKind: 'sale', price: 1250 } });
    await receiver.call('POST', `/api/transfers/${sale.id}/confirm`);
    expect((await notices(sender))[0]).toMatchObject({ kind: 'transferConfirmed', params: { workName: '通知作品', price: 1250 } });

    const other = await createWork(receiver, { name: '撤回作品' });
    const withdrawn = dataOf<WorkTransfer>(await distribute(receiver, other.uid, sender.phone));
    const senderCount = (await notices(sender)).length;
    await receiver.call('POST', `/api/transfers/${withdrawn.id}/withdraw`);
    expect((await notices(sender)).length).toBe(senderCount);
    expect((await notices(receiver)).filter((item) => item.params.workName === '撤回作品')).toEqual([]);
  });
});
