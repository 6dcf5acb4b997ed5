import { describe, expect, it } from 'vitest';
import { authHeaders, call, clientAddress, clusterState, createAccount, signIn } from './support.js';

const state = clusterState();
const { LB, API_1, API_2 } = state.addresses;

interface Session {
  id: number;
  current: boolean;
}

describe('sessions across two API processes', () => {
  it('refuses a session at the other process as soon as it is revoked through one', async () => {
    const account = createAccount(state);
    const phone = await signIn(API_1, account);
    const laptop = await signIn(API_2, account);
    // API_2 has seen the phone's session (and keeps it in its cache, for up to a minute).
    const listed = await call<Session[]>(API_2, '/api/c/sessions', { headers: authHeaders(phone) });
    expect(listed.status).toBe(200);
    const phoneSession = listed.body!.data!.find((session) => session.current)!;

    // The laptop signs the phone out through API_1...
    const revoked = await call(API_1, `/api/c/sessions/${phoneSession.id}`, { method: 'DELETE', headers: authHeaders(laptop) });
    expect(revoked.status).toBe(200);
    // ...and API_2 refuses the phone's token at once, as does the load balancer whichever process answers.
    expect((await call(API_2, '/api/c/sessions', { headers: authHeaders(phone) })).status).toBe(401);
    for (let round = 0; round < 2; round += 1) {
      expect((await call(LB, '/api/c/sessions', { headers: authHeaders(phone) })).status).toBe(401);
    }
    expect((await call(API_2, '/api/c/sessions', { headers: authHeaders(laptop) })).status).toBe(200);
  });

  it('refuses at the other process a token signed out through one', async () => {
    const account = createAccount(state);
    const token = await signIn(LB, account);
    expect((await call(API_1, '/api/c/sessions', { headers: authHeaders(token) })).status).toBe(200);
    expect((await call(API_2, '/api/c/sessions', { headers: authHeaders(token) })).status).toBe(200);
    expect((await call(API_1, '/api/c/logout', { method: 'POST', headers: authHeaders(token) })).status).toBe(200);
    expect((await call(API_2, '/api/c/sessions', { headers: authHeaders(token) })).status).toBe(401);
  });
});

describe('rate limits across two API processes', () => {
  it('counts the failed passwords of one phone at both processes together', async () => {
    const account = createAccount(state);
    // As nginx forwards it: one client address for this test, so that other runs' failures do not count.
    const from = { 'x-forwarded-for': clientAddress() };
    const wrong = { ...account, password: `${account.password}-wrong` };
    const tryPassword = (base: string, password: string) =>
      call(base, '/api/client/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from },
        body: JSON.stringify({ phoneNumber: account.phone, password }),
      });

    // Four failures cost nothing; the fifth starts a wait (docs/accounts.md). They alternate between
    // the processes, so neither saw more than three of them.
    const statuses: number[] = [];
    for (let failure = 0; failure < 5; failure += 1) {
      statuses.push((await tryPassword(failure % 2 === 0 ? API_1 : API_2, wrong.password)).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    // While the wait runs even the right password is refused, at either process and through the load balancer.
    for (const base of [API_2, API_1, LB]) {
      const refused = await tryPassword(base, account.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});
