import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequest, APIRequestContext } from '@playwright/test';
import { signedInAs } from './accounts';
import { dataOf } from './api';
import type { Language } from './back-office';
import { DEMO_PANORAMAS, processOrigins } from './processing';
import { users } from './session';

/** The price rules the service-order journeys book with (docs/service-orders.md "Pricing"): small, so a ¥160 balance pays a shoot. */
export const SERVICE_PRICE_RULES = {
  panoramaTour: { pricePerSiteFen: 2_000, pricePerM2Fen: 50, minimumFen: 5_000, depositBps: 3_000, enabled: true },
  model3d: { pricePerSiteFen: 3_000, pricePerM2Fen: 80, minimumFen: 8_000, depositBps: 5_000, enabled: true },
  pointCloud: { pricePerSiteFen: 4_000, pricePerM2Fen: 100, minimumFen: 10_000, depositBps: 10_000, enabled: true },
} as const;

/** ¥20.00 off an order of at least ¥50.00, five uses a person; one code per language, so the journeys do not share uses. */
export const serviceCouponCode = (language: Language) => `SHOOT${language.toUpperCase()}20`;

/** The province the seeded photographers serve: Shanghai. */
export const SERVICE_PROVINCE = '31';

/**
 * What the service-order journeys need, through the API as people and an admin would: the price rules, a
 * coupon, ¥160.00 on the customer's balance (a six-month recharge paid at the sandbox checkout), and the
 * photographer signed for Shanghai with a processed panorama to deliver. Safe to call again: what exists is kept.
 * Answers the uid of the work to deliver.
 */
export async function prepareServiceOrders(
  request: APIRequestContext,
  contexts: APIRequest,
  { language, baseURL }: { language: Language; baseURL?: string },
): Promise<{ deliverableWorkUid: string }> {
  const admin = await signedInAs(request, contexts, { ...users.admin, baseURL });
  for (const [type, rule] of Object.entries(SERVICE_PRICE_RULES)) {
    await dataOf(await admin.api.put(`/api/admin/serviceOrder/priceRules/${type}`, { data: rule }));
  }
  const coupon = await admin.api.post('/api/admin/serviceOrder/coupons', {
    data: {
      code: serviceCouponCode(language),
      name: language === 'zh' ? '首单立减' : 'First shoot',
      kind: 'amount',
      amountOffFen: 2_000,
      percentOff: 0,
      minSpendFen: 5_000,
      validFrom: Date.now() - 24 * 3_600_000,
      validUntil: Date.now() + 365 * 24 * 3_600_000,
      perUserLimit: 5,
      totalLimit: 0,
    },
  });
  // 409: the code exists from an earlier call.
  if (coupon.status() !== 200 && coupon.status() !== 409) throw new Error(`coupon: ${await coupon.text()}`);

  const customer = await signedInAs(request, contexts, { ...users.serviceCustomers[language], baseURL });
  const order = await dataOf<{ orderNo: string; codeUrl: string }>(
    await customer.api.post('/api/c/flowRecharge/nativePayNow', {
      data: { months: 6, fee: 16_000 },
      headers: { 'Idempotency-Key': `service-${language}-${Date.now()}` },
    }),
  );
  const sign = new URL(order.codeUrl, 'http://site').searchParams.get('sign');
  await dataOf(await request.post(`/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${sign}`));

  const photographer = await signedInAs(request, contexts, { ...users.servicePhotographers[language], baseURL });
  const work = await dataOf<{ uid: string }>(
    await photographer.api.post('/api/model', {
      data: { name: language === 'zh' ? '交付样板间' : 'Delivered show flat', type: 'panorama', description: '' },
    }),
  );
  await processOrigins(photographer.api, work.uid, [
    { name: 'living-room.jpg', bytes: readFileSync(path.join(DEMO_PANORAMAS, 'living-room.jpg')) },
  ]);
  const signing = await dataOf<{ provider: { status: string } | null }>(await photographer.api.get('/api/c/signing'));
  if (signing.provider?.status !== 'active') {
    const applied = await dataOf<{ id: number }>(
      await photographer.api.post('/api/c/signing/apply', {
        data: { provinceCodes: [SERVICE_PROVINCE], equipment: 'Insta360 Pro 2', intro: '', sampleWorkUids: [work.uid] },
      }),
    );
    await dataOf(await admin.api.post(`/api/admin/signing/applications/${applied.id}/approve`));
  }
  await Promise.all([admin.api.dispose(), customer.api.dispose(), photographer.api.dispose()]);
  return { deliverableWorkUid: work.uid };
}
