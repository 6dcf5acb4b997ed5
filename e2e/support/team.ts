import { expect, type APIRequest, type APIRequestContext } from '@playwright/test';
import { readCode, signedInAs, uniquePhone } from './accounts';
import { dataOf } from './api';
import type { Language } from './back-office';

/** The team journey's seeded chains (scripts/e2e.mjs): the member was invited by the lead. */
export const teamUsers = {
  zh: {
    lead: { phone: '13800000041', password: 'Team#2026', name: 'Team Lead Zh' },
    member: { phone: '13800000042', password: 'Team#2026', name: 'Team Member Zh' },
  },
  en: {
    lead: { phone: '13800000044', password: 'Team#2026', name: 'Team Lead En' },
    member: { phone: '13800000045', password: 'Team#2026', name: 'Team Member En' },
  },
} as const;

/** Signs a new person up through the API with `invitedCode`, as the invite link's register form would. */
export async function registerInvited(
  request: APIRequestContext,
  { invitedCode, fullName, password }: { invitedCode: string; fullName: string; password: string },
): Promise<string> {
  const phone = uniquePhone(4);
  const issued = await dataOf<{ hash: string; expiredTime: number }>(
    await request.get(`/api/client/register/verifyCode?phoneNumber=${phone}`),
  );
  const verifyCode = await readCode(request, phone);
  const created = await request.post('/api/c/register', {
    data: { phoneNumber: phone, password, verifyCode, expiredTime: issued.expiredTime, hash: issued.hash, invitedCode, fullName },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return phone;
}

/** One month of flow (¥30.00) recharged by `person` and paid at the sandbox's test checkout. */
export async function sandboxRecharge(
  request: APIRequestContext,
  contexts: APIRequest,
  { person, language, baseURL }: { person: { phone: string; password: string }; language: Language; baseURL?: string },
): Promise<void> {
  const payer = await signedInAs(request, contexts, { ...person, baseURL });
  try {
    const order = await dataOf<{ orderNo: string; codeUrl: string }>(
      await payer.api.post('/api/c/flowRecharge/nativePayNow', {
        data: { months: 1, fee: 3_000 },
        headers: { 'Idempotency-Key': `team-${language}-${Date.now()}` },
      }),
    );
    const sign = new URL(order.codeUrl, 'http://site').searchParams.get('sign');
    await dataOf(await request.post(`/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${sign}`));
  } finally {
    await payer.api.dispose();
  }
}
