import {
  ENTERPRISE_BUSINESS_ROLE,
  FOLLOW_PAGE_SIZE_MAX,
  PeopleErrors,
  REMARK_NAME_MAX,
  Role,
  type AuthorizeCandidate,
  type FollowListPage,
  type FollowRelation,
  type PersonHomepage,
  type PersonWorksPage,
  type UserOverview,
} from '@spatia/contract';
import { eq, or, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, json, signIn, type TestApp } from '../../test/test-app.js';
import { createWork, person, publishedWork, withToken, type Person } from '../../test/works-fixtures.js';
import { users } from '../users/users.tables.js';
import { followCounts, follows } from './people.tables.js';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const newPerson = (name?: string) => person(testApp.app, name === undefined ? {} : { name });
const anonymous = (method: 'GET' | 'POST', url: string) => testApp.app.inject({ method, url });

/** A person invited by `inviter` (users.invitedByUserId), signed in. */
async function invitedBy(inviter: { id: number }, name: string): Promise<Person> {
  const phone = `137${String(process.pid % 10_000).padStart(4, '0')}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  const created = await testApp.app.services.users.createUser({
    phone,
    password: 'Secret#2026',
    fullName: name,
    roles: [Role.customer],
    permissionIds: [],
    invitedByUserId: inviter.id,
  });
  const user = { ...created, phone, password: 'Secret#2026' };
  return withToken(testApp.app, user, await signIn(testApp.app, user));
}

const follow = (as: Person, other: { uid: string }) => as.call('POST', `/api/c/follow/${other.uid}`);
const unfollow = (as: Person, other: { uid: string }) => as.call('POST', `/api/c/unFollow/${other.uid}`);
const removeFollower = (as: Person, other: { uid: string }) => as.call('POST', `/api/c/removeFollow/${other.uid}`);
const followBy = (as: Person, phoneOrCode: string, remarkName?: string) =>
  as.call(
    'POST',
    `/api/v2/c/follow/${encodeURIComponent(phoneOrCode)}${remarkName === undefined ? '' : `?remarkName=${encodeURIComponent(remarkName)}`}`,
  );
const list = async (as: Person, path: 'follows' | 'fans' | 'followEachOthers', query = '') => {
  const response = await as.call('GET', `/api/c/${path}${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<FollowListPage>(response);
};
const counts = async (person: { id: number }) => {
  const [row] = await testApp.app.services.database.db.select().from(followCounts).where(eq(followCounts.userId, person.id));
  return { follows: row?.follows ?? 0, fans: row?.fans ?? 0 };
};
const rowsBetween = async (a: { id: number }, b: { id: number }) =>
  testApp.app.services.database.db
    .select()
    .from(follows)
    .where(
      or(
        sql`${follows.followerId} = ${a.id} and ${follows.followeeId} = ${b.id}`,
        sql`${follows.followerId} = ${b.id} and ${follows.followeeId} = ${a.id}`,
      ),
    );
const inviteCodeOf = async (someone: Person) =>
  (await testApp.app.services.database.db.select({ code: users.inviteCode }).from(users).where(eq(users.id, someone.id)))[0]!.code;
const expectError = (response: LightMyRequestResponse, error: { code: number; status: number }) => {
  expect(response.statusCode, response.body).toBe(error.status);
  expect(json(response).code).toBe(error.code);
};

describe('POST /api/c/follow/{id} and /api/c/unFollow/{id}', () => {
  it('follows once however often it is asked, and unfollows once', async () => {
    const [ann, bob] = await Promise.all([newPerson('Ann'), newPerson('Bob')]);
    const first = await follow(ann, bob);
    expect(first.statusCode, first.body).toBe(200);
    expect(dataOf<FollowRelation>(first)).toEqual({ uid: bob.uid, isFollowing: true, isFollowedBy: false, remarkName: '' });
    expect(dataOf<FollowRelation>(await follow(ann, bob))).toEqual(dataOf<FollowRelation>(first));
    expect(await rowsBetween(ann, bob)).toHaveLength(1);
    expect(await counts(ann)).toEqual({ follows: 1, fans: 0 });
    expect(await counts(bob)).toEqual({ follows: 0, fans: 1 });

    const back = dataOf<FollowRelation>(await follow(bob, ann));
    expect(back).toEqual({ uid: ann.uid, isFollowing: true, isFollowedBy: true, remarkName: '' });

    const gone = await unfollow(ann, bob);
    expect(gone.statusCode).toBe(200);
    expect(dataOf<FollowRelation>(gone)).toEqual({ uid: bob.uid, isFollowing: false, isFollowedBy: true, remarkName: '' });
    expect(dataOf<FollowRelation>(await unfollow(ann, bob))).toEqual(dataOf<FollowRelation>(gone));
    expect(await counts(ann)).toEqual({ follows: 0, fans: 1 });
    expect(await counts(bob)).toEqual({ follows: 1, fans: 0 });
  });

  it('refuses oneself, an unknown uid, a disabled account and anyone signed out', async () => {
    const [ann, admin] = await Promise.all([newPerson(), person(testApp.app, { roles: [Role.admin] })]);
    expectError(await follow(ann, ann), PeopleErrors.followSelf);
    expectError(await unfollow(ann, ann), PeopleErrors.followSelf);
    expectError(await removeFollower(ann, ann), PeopleErrors.followSelf);
    expectError(await follow(ann, { uid: 'nobody-has-this' }), PeopleErrors.personNotFound);
    expectError(await unfollow(ann, { uid: 'nobody-has-this' }), PeopleErrors.personNotFound);
    expect((await anonymous('POST', `/api/c/follow/${ann.uid}`)).statusCode).toBe(401);
    expect((await anonymous('POST', `/api/c/unFollow/${ann.uid}`)).statusCode).toBe(401);
    expect((await anonymous('POST', `/api/c/removeFollow/${ann.uid}`)).statusCode).toBe(401);

    const disabled = await newPerson();
    await follow(disabled, ann);
    await testApp.app.services.users.setDisabled(admin.id, disabled.id, true);
    expectError(await follow(ann, disabled), PeopleErrors.personNotFound);
    expect(await counts(ann)).toEqual({ follows: 0, fans: 1 });
    // Their follow of me can still be removed.
    expect(dataOf<FollowRelation>(await removeFollower(ann, disabled)).isFollowedBy).toBe(false);
    expect(await counts(ann)).toEqual({ follows: 0, fans: 0 });
  });

  it('two follows of the same pair at once leave one row and a count of one', async () => {
    const [ann, bob] = await Promise.all([newPerson(), newPerson()]);
    const answers = await Promise.all([follow(ann, bob), follow(ann, bob), follow(ann, bob), follow(bob, ann), follow(bob, ann)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await rowsBetween(ann, bob)).toHaveLength(2);
    expect(await counts(ann)).toEqual({ follows: 1, fans: 1 });
    expect(await counts(bob)).toEqual({ follows: 1, fans: 1 });
    await Promise.all([unfollow(ann, bob), unfollow(ann, bob), removeFollower(bob, ann)]);
    expect(await counts(ann)).toEqual({ follows: 0, fans: 1 });
    expect(await counts(bob)).toEqual({ follows: 1, fans: 0 });
  });
});

describe('POST /api/c/removeFollow/{id}', () => {
  it('ends a follower’s follow of me, and changes nothing when they do not follow me', async () => {
    const [ann, bob, cat] = await Promise.all([newPerson(), newPerson(), newPerson()]);
    await follow(bob, ann);
    await follow(ann, cat);
    const removed = await removeFollower(ann, bob);
    expect(dataOf<FollowRelation>(removed)).toEqual({ uid: bob.uid, isFollowing: false, isFollowedBy: false, remarkName: '' });
    expect(await rowsBetween(ann, bob)).toHaveLength(0);
    expect(await counts(bob)).toEqual({ follows: 0, fans: 0 });
    // Cat does not follow Ann (Ann follows Cat): removing Cat as a follower leaves Ann's follow alone.
    expect(dataOf<FollowRelation>(await removeFollower(ann, cat))).toEqual({
      uid: cat.uid,
      isFollowing: true,
      isFollowedBy: false,
      remarkName: '',
    });
    expect(await counts(ann)).toEqual({ follows: 1, fans: 0 });
    expectError(await removeFollower(ann, { uid: 'nobody-has-this' }), PeopleErrors.personNotFound);
  });
});

describe('POST /api/v2/c/follow/{phoneOrCodes}', () => {
  it('follows by phone number or invite code with a remark name; again with another remark renames, without one keeps it', async () => {
    const [ann, bob, cat] = await Promise.all([newPerson(), newPerson('Bob'), newPerson('Cat')]);
    const byPhone = await followBy(ann, bob.phone, ' 老鲍 ');
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    expect(dataOf<FollowRelation>(byPhone)).toEqual({ uid: bob.uid, isFollowing: true, isFollowedBy: false, remarkName: '老鲍' });
    const byCode = await followBy(ann, (await inviteCodeOf(cat)).toLowerCase(), '猫');
    expect(dataOf<FollowRelation>(byCode)).toMatchObject({ uid: cat.uid, isFollowing: true, remarkName: '猫' });

    expect(dataOf<FollowRelation>(await followBy(ann, bob.phone, '鲍勃')).remarkName).toBe('鲍勃');
    expect(dataOf<FollowRelation>(await follow(ann, bob)).remarkName).toBe('鲍勃');
    expect(dataOf<FollowRelation>(await followBy(ann, bob.phone)).remarkName).toBe('鲍勃');
    expect(await counts(ann)).toEqual({ follows: 2, fans: 0 });
    expect(await counts(bob)).toEqual({ follows: 0, fans: 1 });
  });

  it('refuses an unknown phone or code, oneself, a remark too long, and anyone signed out', async () => {
    const ann = await newPerson();
    expectError(await followBy(ann, '13000000000'), PeopleErrors.followTargetNotFound);
    expectError(await followBy(ann, 'NOCODE'), PeopleErrors.followTargetNotFound);
    expectError(await followBy(ann, ann.phone, 'me'), PeopleErrors.followSelf);
    expectError(await followBy(ann, await inviteCodeOf(ann)), PeopleErrors.followSelf);
    const other = await newPerson();
    const long = await followBy(ann, other.phone, 'x'.repeat(REMARK_NAME_MAX + 1));
    expect(long.statusCode).toBe(400);
    expect(json(long).code).toBe(1001);
    expect(await rowsBetween(ann, other)).toHaveLength(0);
    expect((await anonymous('POST', `/api/v2/c/follow/${other.phone}`)).statusCode).toBe(401);
  });
});

describe('GET /api/c/follows, /api/c/fans and /api/c/followEachOthers', () => {
  it('lists newest first with the remark and the mutual flag, searches name and remark, and pages by cursor', async () => {
    const me = await newPerson('Me');
    const names = ['Alice', 'Albert', 'Bruno', 'Chloe', 'Dmitri'];
    const others: Person[] = [];
    for (const name of names) others.push(await newPerson(name));
    const [alice, , bruno, chloe] = others as [Person, Person, Person, Person, Person];
    // I follow all five (Chloe with a remark), Alice and Chloe follow back; Zed follows me only.
    for (const other of others) {
      if (other === chloe) await followBy(me, other.phone, 'Neighbour');
      else await follow(me, other);
    }
    await follow(alice, me);
    await follow(chloe, me);
    const zed = await newPerson('Zed');
    await follow(zed, me);

    const mine = await list(me, 'follows');
    expect(mine.list.map((item) => item.name)).toEqual(['Dmitri', 'Chloe', 'Bruno', 'Albert', 'Alice']);
    expect(mine.nextCursor).toBeNull();
    expect(mine.list.find((item) => item.uid === chloe.uid)).toMatchObject({ remarkName: 'Neighbour', mutual: true });
    expect(mine.list.find((item) => item.uid === bruno.uid)).toMatchObject({ remarkName: '', mutual: false, avatarUrl: '' });
    expect(typeof mine.list[0]!.since).toBe('number');

    const fans = await list(me, 'fans');
    expect(fans.list.map((item) => [item.name, item.mutual, item.remarkName])).toEqual([
      ['Zed', false, ''],
      ['Chloe', true, 'Neighbour'],
      ['Alice', true, ''],
    ]);
    const mutual = await list(me, 'followEachOthers');
    expect(mutual.list.map((item) => item.name)).toEqual(['Chloe', 'Alice']);
    expect(mutual.list.every((item) => item.mutual)).toBe(true);

    // Search: a part of a name, any case; a remark; a LIKE wildcard is a plain character.
    expect((await list(me, 'follows', 'q=al')).list.map((item) => item.name)).toEqual(['Albert', 'Alice']);
    expect((await list(me, 'follows', 'q=neigh')).list.map((item) => item.name)).toEqual(['Chloe']);
    expect((await list(me, 'fans', 'q=neigh')).list.map((item) => item.name)).toEqual(['Chloe']);
    expect((await list(me, 'followEachOthers', 'q=ALI')).list.map((item) => item.name)).toEqual(['Alice']);
    expect((await list(me, 'follows', 'q=%25')).list).toEqual([]);

    // Keyset paging: two by two, each page after the last row of the one before, until nextCursor is null.
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: FollowListPage = await list(me, 'follows', `pageSize=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.list.map((item) => item.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(['Dmitri', 'Chloe', 'Bruno', 'Albert', 'Alice']);
    // A new follow does not shift a page already being read.
    const firstPage = await list(me, 'follows', 'pageSize=2');
    await follow(me, zed);
    const secondPage = await list(me, 'follows', `pageSize=2&cursor=${firstPage.nextCursor}`);
    expect(secondPage.list.map((item) => item.name)).toEqual(['Bruno', 'Albert']);

    // The overview counts the same.
    const overview = dataOf<UserOverview>(await me.call('GET', '/api/c/my/overview'));
    expect(overview).toMatchObject({ followers: 3, following: 6 });
  });

  it('refuses a cursor no answer gave, a page too large, and anyone signed out', async () => {
    const me = await newPerson();
    for (const cursor of ['abc', '0', '-1', '99999999999999999']) {
      expectError(await me.call('GET', `/api/c/follows?cursor=${cursor}`), PeopleErrors.invalidCursor);
    }
    const tooLarge = await me.call('GET', `/api/c/fans?pageSize=${FOLLOW_PAGE_SIZE_MAX + 1}`);
    expect(tooLarge.statusCode).toBe(400);
    expect((await me.call('GET', `/api/c/follows?q=${'x'.repeat(51)}`)).statusCode).toBe(400);
    for (const path of ['follows', 'fans', 'followEachOthers']) {
      expect((await anonymous('GET', `/api/c/${path}`)).statusCode).toBe(401);
    }
    // Someone else's relations never appear in my lists.
    const [a, b] = await Promise.all([newPerson(), newPerson()]);
    await follow(a, b);
    await follow(b, a);
    expect((await list(me, 'follows')).list).toEqual([]);
    expect((await list(me, 'fans')).list).toEqual([]);
    expect((await list(me, 'followEachOthers')).list).toEqual([]);
  });
});

describe('GET /api/c/availableAuthorizePersonList/search', () => {
  it('offers mutual follows and the team first, then exact phone or name matches, never myself', async () => {
    const boss = await newPerson('Boss Lin');
    const meInvited = await invitedBy(boss, 'Searcher Two');
    const recruit = await invitedBy(meInvited, 'Recruit Wu');
    const recruitsRecruit = await invitedBy(recruit, 'Second Wu');
    const thirdLevel = await invitedBy(recruitsRecruit, 'Third Wu');
    const friend = await newPerson('Friend Wu');
    const oneWay = await newPerson('Oneway Wu');
    const stranger = await newPerson('Stranger Wu');
    await followBy(meInvited, friend.phone, 'Pal');
    await follow(friend, meInvited);
    await follow(meInvited, oneWay);

    const search = async (as: Person, q: string) => {
      const response = await as.call('GET', `/api/c/availableAuthorizePersonList/search?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      return dataOf<AuthorizeCandidate[]>(response).map((candidate) => [candidate.name, candidate.relation, candidate.remarkName]);
    };
    // Everyone close, with no query: the mutual follow, then the team (newest account first); not the one-way follow, not level three.
    expect(await search(meInvited, '')).toEqual([
      ['Friend Wu', 'mutual', 'Pal'],
      ['Second Wu', 'team', ''],
      ['Recruit Wu', 'team', ''],
      ['Boss Lin', 'team', ''],
    ]);
    expect(await search(meInvited, 'wu')).toEqual([
      ['Friend Wu', 'mutual', 'Pal'],
      ['Second Wu', 'team', ''],
      ['Recruit Wu', 'team', ''],
    ]);
    expect(await search(meInvited, 'pal')).toEqual([['Friend Wu', 'mutual', 'Pal']]);
    // Others only by an exact phone number or name; the remark I gave one I follow one way shows.
    await followBy(meInvited, oneWay.phone, 'One');
    expect(await search(meInvited, stranger.phone)).toEqual([['Stranger Wu', 'other', '']]);
    expect(await search(meInvited, 'oneway wu')).toEqual([['Oneway Wu', 'other', 'One']]);
    expect(await search(meInvited, 'Stranger')).toEqual([]);
    expect(await search(meInvited, thirdLevel.phone)).toEqual([['Third Wu', 'other', '']]);
    // The team goes both ways: two levels up from the second level.
    expect(await search(recruitsRecruit, '')).toEqual([
      ['Third Wu', 'team', ''],
      ['Recruit Wu', 'team', ''],
      ['Searcher Two', 'team', ''],
    ]);
    expect(await search(meInvited, meInvited.phone)).toEqual([]);
    expect(await search(meInvited, 'Searcher Two')).toEqual([]);
    expect((await meInvited.call('GET', `/api/c/availableAuthorizePersonList/search?q=${'x'.repeat(51)}`)).statusCode).toBe(400);
    expect((await anonymous('GET', '/api/c/availableAuthorizePersonList/search?q=wu')).statusCode).toBe(401);
  });
});

describe('personal homepages', () => {
  it('shows anyone the person, their counts and their public works; the flags only to a signed-in reader', async () => {
    const [owner, reader, fan] = await Promise.all([newPerson('Owner'), newPerson('Reader'), newPerson('Fan')]);
    await publishedWork(testApp.app, owner, '上线全景');
    await createWork(owner, { name: '草稿', type: 'model3d' });
    const offline = await publishedWork(testApp.app, owner, '下线作品');
    expect((await owner.call('PUT', `/api/model/${offline.uid}/onLined`, 'onLined=false')).statusCode).toBe(200);
    const recycled = await publishedWork(testApp.app, owner, '回收站');
    expect((await owner.call('DELETE', `/api/model/${recycled.uid}`)).statusCode).toBe(200);
    await follow(fan, owner);
    await follow(owner, reader);

    const open = await anonymous('GET', `/api/open/person/${owner.uid}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(dataOf<PersonHomepage>(open)).toEqual({
      uid: owner.uid,
      name: 'Owner',
      avatarUrl: '',
      enterpriseLogoUrl: '',
      identities: [],
      follows: 1,
      fans: 1,
      works: { panorama: 1, model3d: 0, pointcloud: 0 },
      worksTotal: 1,
      isSelf: false,
      viewer: null,
    });
    expect(dataOf<PersonHomepage>(await reader.call('GET', `/api/open/person/${owner.uid}`)).viewer).toEqual({
      isFollowing: false,
      isFollowedBy: true,
      remarkName: '',
    });
    expect(dataOf<PersonHomepage>(await fan.call('GET', `/api/open/person/${owner.uid}`)).viewer).toEqual({
      isFollowing: true,
      isFollowedBy: false,
      remarkName: '',
    });
    const own = dataOf<PersonHomepage>(await owner.call('GET', '/api/c/person'));
    expect(own).toMatchObject({ uid: owner.uid, isSelf: true, viewer: { isFollowing: false, isFollowedBy: false }, worksTotal: 1 });
    expect(dataOf<PersonHomepage>(await owner.call('GET', `/api/open/person/${owner.uid}`)).isSelf).toBe(true);
    expect((await anonymous('GET', '/api/c/person')).statusCode).toBe(401);

    // The works: only what anyone may open, even for the owner; by type.
    const works = dataOf<PersonWorksPage>(await anonymous('GET', `/api/open/person/${owner.uid}/works`));
    expect(works.list.map((work) => work.name)).toEqual(['上线全景']);
    expect(works).toMatchObject({ total: 1, pageNum: 1 });
    expect(works.list[0]).not.toHaveProperty('budget');
    const ownView = dataOf<PersonWorksPage>(await owner.call('GET', `/api/open/person/${owner.uid}/works?type=panorama`));
    expect(ownView.list.map((work) => work.name)).toEqual(['上线全景']);
    expect(dataOf<PersonWorksPage>(await anonymous('GET', `/api/open/person/${owner.uid}/works?type=model3d`)).list).toEqual([]);
    expect((await anonymous('GET', `/api/open/person/${owner.uid}/works?type=video`)).statusCode).toBe(400);
    expect((await anonymous('GET', `/api/open/person/${owner.uid}/works?pageSize=0`)).statusCode).toBe(400);
    expectError(await anonymous('GET', '/api/open/person/nobody-has-this/works'), PeopleErrors.personNotFound);
    expectError(await anonymous('GET', '/api/open/person/nobody-has-this'), PeopleErrors.personNotFound);
  });

  it('shows an enterprise logo only for an enterprise, and no homepage for a disabled account', async () => {
    const [company, admin] = await Promise.all([newPerson('Company'), person(testApp.app, { roles: [Role.admin] })]);
    const logo = 'https://spatia.test/files/logos/x/logo.png';
    await testApp.app.services.users.updateProfile(company.id, { enterpriseLogoUrl: logo });
    expect(dataOf<PersonHomepage>(await anonymous('GET', `/api/open/person/${company.uid}`)).enterpriseLogoUrl).toBe('');
    await testApp.app.services.users.setEnterprise(admin.id, company.id, true);
    const user = await testApp.app.services.users.getAuthUser(company.id);
    expect(user?.businessRoleCode).toBe(ENTERPRISE_BUSINESS_ROLE);
    expect(dataOf<PersonHomepage>(await anonymous('GET', `/api/open/person/${company.uid}`)).enterpriseLogoUrl).toBe(logo);

    await testApp.app.services.users.setDisabled(admin.id, company.id, true);
    expectError(await anonymous('GET', `/api/open/person/${company.uid}`), PeopleErrors.personNotFound);
    expectError(await anonymous('GET', `/api/open/person/${company.uid}/works`), PeopleErrors.personNotFound);
  });
});

describe('recount', () => {
  it('rebuilds follow_counts from the rows', async () => {
    const [ann, bob] = await Promise.all([newPerson(), newPerson()]);
    await follow(ann, bob);
    const { db } = testApp.app.services.database;
    await db.update(followCounts).set({ follows: 7, fans: 9 }).where(eq(followCounts.userId, ann.id));
    await db.delete(followCounts).where(eq(followCounts.userId, bob.id));
    const corrected = await testApp.app.services.people.recount();
    expect(corrected).toBeGreaterThanOrEqual(2);
    expect(await counts(ann)).toEqual({ follows: 1, fans: 0 });
    expect(await counts(bob)).toEqual({ follows: 0, fans: 1 });
    expect(await testApp.app.services.people.recount()).toBe(0);
  });
});
