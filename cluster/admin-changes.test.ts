import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_GRANTS, clusterState, createAccount, createAdmin, send, session } from './support.js';

const state = clusterState();
const { LB, API_1, API_2 } = state.addresses;

/** One administrator signed in at API_1 and one user signed in at API_2 for the file (each account costs a run of the admin command). */
let adminSession: Promise<{ token: string; uid: string }> | undefined;
const admin = () => (adminSession ??= session(API_1, createAdmin(state)));
let userSession: Promise<{ token: string; uid: string }> | undefined;
const user = () => (userSession ??= session(API_2, createAccount(state)));

describe('back-office changes across two API processes', () => {
  it('refuses a sensitive word at the other process as soon as it is added through one', async () => {
    const { token: adminToken } = await admin();
    const { token } = await user();
    // Not a word of the seeded list, and one no other run has added (a work's name holds 20 characters).
    const word = `zq${randomBytes(4).toString('hex')}`;
    const createWork = (name: string) => send(API_2, '/api/model', token, 'POST', { name, type: 'panorama' });

    // API_2 has the list in memory, and accepts a name with the word.
    const before = await send<string[]>(API_2, '/api/sensitiveWordArray', token, 'GET');
    expect(before.body?.data).not.toContain(word);
    const accepted = await createWork(`Before ${word}`);
    expect(accepted.status, accepted.body?.msg).toBe(200);

    // Added through API_1: API_2's very next check refuses it, and its public list has it.
    const added = await send(API_1, '/api/admin/sensitiveWords', adminToken, 'POST', { words: [word] });
    expect(added.status, added.body?.msg).toBe(200);
    const refused = await createWork(`During ${word}`);
    expect(refused.status).toBe(400);
    expect(refused.body?.code).toBe(1001);
    expect(refused.body?.msg).toContain(word);
    expect((await send<string[]>(API_2, '/api/sensitiveWordArray', token, 'GET')).body?.data).toContain(word);

    // Removed through API_1: accepted again at API_2 at once.
    const removed = await send(API_1, '/api/admin/sensitiveWords', adminToken, 'DELETE', { words: [word] });
    expect(removed.status, removed.body?.msg).toBe(200);
    expect((await createWork(`After ${word}`)).status).toBe(200);
  });

  it('applies a permission revoked or granted through one process at the other at once, to a signed-in user', async () => {
    const { token: adminToken } = await admin();
    const { token, uid } = await user();
    const team = () => send(API_2, '/api/c/team/statOverview', token, 'GET');
    const menusAt = async (base: string) =>
      (await send<{ menus: number[] }>(base, `/api/client/${uid}/info`, token, 'GET')).body?.data?.menus;
    const grant = (ids: readonly number[]) => send(API_1, `/api/admin/users/${uid}/permissions`, adminToken, 'PUT', { permIds: ids });

    // 163 (team management) is a grant of this account: API_2 lets the user in, and now holds the user.
    expect((await team()).status).toBe(200);
    expect(await menusAt(API_2)).toContain(163);

    // Revoked through API_1: refused at API_2 on the next request, and through the load balancer.
    const revoked = await grant(ACCOUNT_GRANTS.filter((id) => id !== 163));
    expect(revoked.status, revoked.body?.msg).toBe(200);
    expect((await team()).status).toBe(403);
    expect(await menusAt(API_2)).not.toContain(163);
    for (let round = 0; round < 2; round += 1) expect((await send(LB, '/api/c/team/statOverview', token, 'GET')).status).toBe(403);

    // Granted again through API_1: let in at API_2 at once, without signing in again.
    expect((await grant(ACCOUNT_GRANTS)).status).toBe(200);
    expect((await team()).status).toBe(200);
    expect(await menusAt(API_2)).toContain(163);
  });
});
