import { ErrorCode, Role, type NotificationPage, type Page, type WorkDetail, type WorkReviewItem, WorkErrors } from '@spatia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database.js';
import { appWithPeople } from '../../test/app-with-people.js';
import { dataOf, json } from '../../test/test-app.js';
import { publishedWork } from '../../test/works-fixtures.js';

const { testApp, owner, reviewer, secondReviewer } = await appWithPeople({
  owner: { name: 'Owner' },
  reviewer: { roles: [Role.admin], name: '审核员甲' },
  secondReviewer: { roles: [Role.admin], name: '审核员乙' },
});
afterAll(() => testApp.close());

const queueRow = async (uid: string) =>
  dataOf<Page<WorkReviewItem>>(await reviewer.call('GET', '/api/audit/models?pageSize=100')).list.find((row) => row.uid === uid);
const inbox = async () => dataOf<NotificationPage>(await owner.call('GET', '/api/c/notifications'));
const logOf = (uid: string) =>
  rowsOf<{ admin_user_id: number; action: string; target_type: string; before: unknown; after: unknown }>(
    testApp.app.services.database.db,
    sql`select admin_user_id::int as admin_user_id, action, target_type, before, after from admin_actions where target_id = ${uid} order by id`,
  );

async function submitted(name: string): Promise<WorkDetail> {
  const work = await publishedWork(testApp.app, owner, name);
  expect((await owner.call('POST', `/api/model/${work.uid}/audit`)).statusCode).toBe(200);
  return work;
}

describe('the review queue', () => {
  it('shows when a work was submitted and who claimed it; only the claimer decides', async () => {
    const work = await submitted('待审作品');
    const waiting = await queueRow(work.uid);
    expect(waiting).toMatchObject({ status: 'unaudited', reviewer: null, owner: { uid: owner.uid, name: 'Owner' } });
    expect(waiting!.submittedAt).toBeGreaterThan(Date.now() - 60_000);

    expect(dataOf<WorkDetail>(await reviewer.call('POST', `/api/audit/models/${work.uid}/claim`)).status).toBe('underReview');
    // Claiming one's own claim again changes nothing.
    expect((await reviewer.call('POST', `/api/audit/models/${work.uid}/claim`)).statusCode).toBe(200);
    expect(await queueRow(work.uid)).toMatchObject({ status: 'underReview', reviewer: { uid: reviewer.uid, name: '审核员甲' } });

    const taken = await secondReviewer.call('POST', `/api/audit/models/${work.uid}/claim`);
    expect(taken.statusCode).toBe(409);
    expect(json(taken)).toMatchObject({ code: WorkErrors.workReviewClaimed.code, msg: '审核员甲 已认领此作品的审核，只有认领人可以审核' });
    const decidedByOther = await secondReviewer.call('POST', `/api/audit/models/${work.uid}/decision`, { passed: true });
    expect(json(decidedByOther).code).toBe(WorkErrors.workReviewClaimed.code);
    expect(await logOf(work.uid)).toEqual([]);
    expect((await inbox()).list.filter((item) => item.params.workUid === work.uid)).toEqual([]);
  });

  it('claims race: of two admins claiming at once, exactly one gets the work', async () => {
    const work = await submitted('同时认领');
    const answers = await Promise.all([
      reviewer.call('POST', `/api/audit/models/${work.uid}/claim`),
      secondReviewer.call('POST', `/api/audit/models/${work.uid}/claim`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('a rejection needs a reason; it tells the owner with the reason and writes the admin log', async () => {
    const work = await submitted('驳回作品');
    await reviewer.call('POST', `/api/audit/models/${work.uid}/claim`);
    const noReason = await reviewer.call('POST', `/api/audit/models/${work.uid}/decision`, { passed: false, note: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(json(noReason).code).toBe(ErrorCode.validation);

    const rejected = dataOf<WorkDetail>(
      await reviewer.call('POST', `/api/audit/models/${work.uid}/decision`, { passed: false, note: '封面模糊' }),
    );
    expect(rejected).toMatchObject({ status: 'notPassed', reviewNote: '封面模糊' });
    expect(await queueRow(work.uid)).toBeUndefined();

    const notice = (await inbox()).list.find((item) => item.params.workUid === work.uid);
    expect(notice).toMatchObject({
      kind: 'workAuditRejected',
      params: { workName: '驳回作品', reason: '封面模糊' },
      link: `/dashboard/dashboard?edit=${work.uid}`,
      read: false,
    });
    expect(await logOf(work.uid)).toEqual([
      {
        admin_user_id: reviewer.id,
        action: 'work.auditReject',
        target_type: 'work',
        before: { status: 'underReview', reviewNote: '' },
        after: { status: 'notPassed', reviewNote: '封面模糊' },
      },
    ]);

    // Submitted again, it waits unclaimed; another admin may take it this time.
    await owner.call('POST', `/api/model/${work.uid}/audit`);
    expect(await queueRow(work.uid)).toMatchObject({ status: 'unaudited', reviewer: null });
    expect((await secondReviewer.call('POST', `/api/audit/models/${work.uid}/claim`)).statusCode).toBe(200);
  });

  it('a pass tells the owner and writes the admin log', async () => {
    const work = await submitted('通过作品');
    const early = await reviewer.call('POST', `/api/audit/models/${work.uid}/decision`, { passed: true });
    expect(json(early).code).toBe(WorkErrors.workTransitionNotAllowed.code);
    await reviewer.call('POST', `/api/audit/models/${work.uid}/claim`);
    expect(dataOf<WorkDetail>(await reviewer.call('POST', `/api/audit/models/${work.uid}/decision`, { passed: true })).status).toBe(
      'passed',
    );

    expect((await inbox()).list.find((item) => item.params.workUid === work.uid)).toMatchObject({
      kind: 'workAuditPassed',
      params: { workName: '通过作品', reason: '' },
    });
    expect((await logOf(work.uid)).map((row) => [row.action, row.admin_user_id])).toEqual([['work.auditPass', reviewer.id]]);
  });
});
