import { AUTH_HEADER_X, ErrorCode, QrLoginErrors } from '@spatia/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeaders, createTestApp, createUser, json, signIn, type TestApp, type TestUser } from '../../test/test-app.js';
import { QR_TICKET_LIFETIME_MS } from './qr-login.service.js';

let testApp: TestApp;
let phoneUser: TestUser;
let phoneToken: string;

interface TicketAnswer {
  ticket: string;
  pollToken: string;
  confirmUrl: string;
  expiresAt: number;
  status: string;
}

beforeAll(async () => {
  testApp = await createTestApp();
  phoneUser = await createUser(testApp.app, { name: '手机用户' });
  phoneToken = await signIn(testApp.app, phoneUser);
});
afterAll(() => testApp.close());

async function newTicket(): Promise<TicketAnswer> {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/qrcode/login',
    headers: { host: 'spatia.test', 'user-agent': 'Desktop Chrome' },
  });
  expect(response.statusCode).toBe(200);
  return json<{ data: TicketAnswer }>(response).data;
}

async function poll(pollToken: string) {
  return testApp.app.inject({ method: 'GET', url: `/api/qrcode/login?pollToken=${pollToken}` });
}

function phoneCall(path: string, payload: Record<string, unknown>, token = phoneToken) {
  return testApp.app.inject({ method: 'POST', url: path, headers: authHeaders(token), payload });
}

describe('QR sign-in', () => {
  it('signs the desktop in as the user who confirmed on the phone, exactly once', async () => {
    const ticket = await newTicket();
    expect(ticket.status).toBe('pending');
    expect(ticket.confirmUrl).toBe(`http://spatia.test/mobile/qrConfirm?ticket=${ticket.ticket}`);
    expect(ticket.expiresAt - Date.now()).toBeGreaterThan(QR_TICKET_LIFETIME_MS - 5000);
    expect(json<{ data: { status: string } }>(await poll(ticket.pollToken)).data.status).toBe('pending');

    const scanned = await phoneCall('/api/qrcode/scan', { ticket: ticket.ticket });
    expect(json(scanned).data).toMatchObject({ status: 'scanned', client: { userAgent: 'Desktop Chrome' } });
    expect(json<{ data: { status: string } }>(await poll(ticket.pollToken)).data.status).toBe('scanned');

    const confirmed = await phoneCall('/api/qrcode/confirm', { ticket: ticket.ticket, accept: true });
    expect(json(confirmed).data).toEqual({ status: 'confirmed' });

    const signedIn = await poll(ticket.pollToken);
    expect(json(signedIn).data).toMatchObject({
      status: 'confirmed',
      login: { userUid: phoneUser.uid, username: '手机用户', phoneNumber: phoneUser.phone },
    });
    const desktopToken = signedIn.headers[AUTH_HEADER_X] as string;
    expect(desktopToken).toBeTruthy();
    expect(desktopToken).not.toBe(phoneToken);
    const info = await testApp.app.inject({ method: 'GET', url: `/api/client/${phoneUser.uid}/info`, headers: authHeaders(desktopToken) });
    expect(info.statusCode).toBe(200);

    const again = await poll(ticket.pollToken);
    expect(json(again).data).toMatchObject({ status: 'expired' });
    expect(again.headers[AUTH_HEADER_X]).toBeUndefined();
    const reconfirm = await phoneCall('/api/qrcode/confirm', { ticket: ticket.ticket, accept: true });
    expect(json(reconfirm).code).toBe(QrLoginErrors.qrTicketExpired.code);
  });

  it('does not let the ticket in the QR code collect the session', async () => {
    const ticket = await newTicket();
    await phoneCall('/api/qrcode/scan', { ticket: ticket.ticket });
    await phoneCall('/api/qrcode/confirm', { ticket: ticket.ticket, accept: true });
    const stolen = await poll(ticket.ticket);
    expect(stolen.statusCode).toBe(404);
    expect(json(stolen).code).toBe(QrLoginErrors.qrTicketUnknown.code);
  });

  it('tells the desktop when the phone declines', async () => {
    const ticket = await newTicket();
    await phoneCall('/api/qrcode/scan', { ticket: ticket.ticket });
    const declined = await phoneCall('/api/qrcode/confirm', { ticket: ticket.ticket, accept: 'false' });
    expect(json(declined).data).toEqual({ status: 'declined' });
    const answer = await poll(ticket.pollToken);
    expect(json(answer).data).toMatchObject({ status: 'declined' });
    expect(answer.headers[AUTH_HEADER_X]).toBeUndefined();
  });

  it('expires after two minutes, for the desktop and for the phone', async () => {
    const ticket = await newTicket();
    vi.useFakeTimers({ now: Date.now() + QR_TICKET_LIFETIME_MS + 1000, toFake: ['Date'] });
    try {
      expect(json<{ data: { status: string } }>(await poll(ticket.pollToken)).data.status).toBe('expired');
      const late = await phoneCall('/api/qrcode/scan', { ticket: ticket.ticket });
      expect(late.statusCode).toBe(410);
      expect(json(late).code).toBe(QrLoginErrors.qrTicketExpired.code);
    } finally {
      vi.useRealTimers();
    }
  });

  it('bounds the codes one address can create, saying when to try again', async () => {
    const answers = [];
    for (let i = 0; i < 31; i += 1) {
      answers.push(
        await testApp.app.inject({ method: 'GET', url: '/api/qrcode/login', remoteAddress: '10.1.2.3', cookies: { language: 'en' } }),
      );
    }
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(1);
    expect(json(refused[0]!).msg).toMatch(/^Too many attempts\. Try again in \d+ s$/);
  });

  it('needs a signed-in phone to scan or confirm, and a real ticket', async () => {
    const ticket = await newTicket();
    expect((await testApp.app.inject({ method: 'POST', url: '/api/qrcode/scan', payload: { ticket: ticket.ticket } })).statusCode).toBe(
      401,
    );
    expect(
      (await testApp.app.inject({ method: 'POST', url: '/api/qrcode/confirm', payload: { ticket: ticket.ticket, accept: true } }))
        .statusCode,
    ).toBe(401);
    const unknown = await phoneCall('/api/qrcode/scan', { ticket: 'x'.repeat(32) });
    expect(unknown.statusCode).toBe(404);
    const malformed = await phoneCall('/api/qrcode/confirm', { ticket: ticket.ticket });
    expect(json(malformed).code).toBe(ErrorCode.validation);
  });
});
