import type { APIRequest, APIRequestContext } from '@playwright/test';
import { signedInAs } from './accounts';
import { dataOf } from './api';
import { freshPng, type Language } from './back-office';
import { users } from './session';

/** The version every install starts with (migration 0013): Professional, ¥99.00 a month, a 30-day trial. */
export const PROFESSIONAL_VERSION_ID = 1;

/**
 * Makes a seeded account a trial member of Professional with six months of flow recharged, through the
 * API as a person and an admin would: a licence uploaded, an application, its approval, and a recharge
 * paid at the sandbox's test checkout (6 months: ¥160.00 on the balance).
 */
export async function trialMemberWithBalance(
  request: APIRequestContext,
  contexts: APIRequest,
  { user, language, baseURL }: { user: { phone: string; password: string }; language: Language; baseURL?: string },
): Promise<void> {
  const member = await signedInAs(request, contexts, { ...user, baseURL });
  const { url } = await dataOf<{ url: string }>(
    await member.api.post('/api/c/upload', {
      multipart: { file: { name: 'licence.png', mimeType: 'image/png', buffer: freshPng(88, 56, language) } },
    }),
  );
  const jsonExtras = JSON.stringify({ licenceImages: [url], companyName: `Renewal ${language}`, name: 'Renewer', phone: user.phone });
  const { id } = await dataOf<{ id: number }>(
    await member.api.post('/api/c/membership/apply', { data: { versionId: PROFESSIONAL_VERSION_ID, jsonExtras } }),
  );
  const admin = await signedInAs(request, contexts, { ...users.admin, baseURL });
  await dataOf(await admin.api.post(`/api/admin/membership/applications/${id}/approve`));

  const order = await dataOf<{ orderNo: string; codeUrl: string }>(
    await member.api.post('/api/c/flowRecharge/nativePayNow', {
      data: { months: 6, fee: 16_000 },
      headers: { 'Idempotency-Key': `renewal-${language}-${Date.now()}` },
    }),
  );
  const sign = new URL(order.codeUrl, 'http://site').searchParams.get('sign');
  await dataOf(await request.post(`/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${sign}`));
  await Promise.all([member.api.dispose(), admin.api.dispose()]);
}
