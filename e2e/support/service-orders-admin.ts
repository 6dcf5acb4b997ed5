import type { APIRequest, APIRequestContext } from '@playwright/test';
import type { ServiceOrderDetail } from '@spatia/contract';
import { signedInAs, type SignedInAccount } from './accounts';
import { dataOf } from './api';
import type { Language } from './back-office';
import { upload } from './processing';
import { SERVICE_PRICE_RULES, SERVICE_PROVINCE } from './service-orders';
import { gradientPng } from './works';

/*
 * State for the service-order back-office journeys (e2e/service-orders-admin.spec.ts), set up through the
 * API as the people and an admin would: orders placed and paid from the balance, photographers' signing
 * applications and signings. No work is processed: signing takes any work of the applicant's as a sample.
 */

/** ¥160.00 on the person's balance: a six-month recharge paid at the sandbox's test checkout. */
export async function fundBalance(request: APIRequestContext, person: SignedInAccount, key: string): Promise<void> {
  const order = await dataOf<{ orderNo: string; codeUrl: string }>(
    await person.api.post('/api/c/flowRecharge/nativePayNow', {
      data: { months: 6, fee: 16_000 },
      headers: { 'Idempotency-Key': freshKey(key) },
    }),
  );
  const sign = new URL(order.codeUrl, 'http://site').searchParams.get('sign');
  await dataOf(await request.post(`/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${sign}`));
}

/** The panorama rule the orders here are priced by (the same as service-orders.spec.ts sets): 6 sites = ¥120.00, deposit 30 % = ¥36.00. */
export async function panoramaRule(admin: SignedInAccount): Promise<void> {
  await dataOf(await admin.api.put('/api/admin/serviceOrder/priceRules/panoramaTour', { data: SERVICE_PRICE_RULES.panoramaTour }));
}

/** An Idempotency-Key (ASCII letters, digits and dashes) of its own. */
const freshKey = (what: string) => `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;

/** A panorama shoot of six sites in Shanghai, three days from now, placed by `customer`; optionally a part paid from the balance. */
export async function placedOrder(
  customer: SignedInAccount,
  { title, paid }: { title: string; paid?: 'deposit' | 'whole' },
): Promise<ServiceOrderDetail> {
  const order = await dataOf<ServiceOrderDetail>(
    await customer.api.post('/api/c/serviceOrder', {
      data: {
        requirementType: 'panoramaTour',
        title,
        phone: customer.phone,
        provinceCode: SERVICE_PROVINCE,
        city: '上海',
        address: '徐汇区漕溪北路 88 号',
        pricing: 'sites',
        siteCount: 6,
        appointmentAt: Date.now() + 3 * 86_400_000,
      },
      headers: { 'Idempotency-Key': freshKey('place') },
    }),
  );
  if (!paid) return order;
  const answer = await dataOf<{ order: ServiceOrderDetail }>(
    await customer.api.post(`/api/c/serviceOrder/${order.id}/pay`, {
      data: { part: paid, method: 'balance' },
      headers: { 'Idempotency-Key': freshKey(`pay-${paid}`) },
    }),
  );
  return answer.order;
}

/** A work of the photographer's (a cover, nothing processed) to show as a signing sample; answers its uid. */
export async function sampleWork(photographer: SignedInAccount, name: string, language: Language): Promise<string> {
  const work = await dataOf<{ uid: string }>(
    await photographer.api.post('/api/model', { data: { name, type: 'panorama', description: '' } }),
  );
  const shade = language === 'zh' ? 60 : 150;
  await upload(photographer.api, work.uid, 'uploadCredentials', 'cover.png', gradientPng(320, 180, [shade, 90, 160], [240, 200, 90]));
  return work.uid;
}

/** The photographer's application to serve Shanghai (and Zhejiang), waiting for an admin; answers its id. */
export async function signingApplication(photographer: SignedInAccount, language: Language): Promise<number> {
  const sample = await sampleWork(photographer, language === 'zh' ? '外滩夜景' : 'Riverside night', language);
  const applied = await dataOf<{ id: number }>(
    await photographer.api.post('/api/c/signing/apply', {
      data: { provinceCodes: [SERVICE_PROVINCE, '33'], equipment: 'Insta360 X4', intro: '', sampleWorkUids: [sample] },
    }),
  );
  return applied.id;
}

/** `photographer` signed for Shanghai: applied and approved by the seeded admin, unless already signed. */
export async function signedPhotographer(
  request: APIRequestContext,
  contexts: APIRequest,
  {
    photographer,
    admin,
    language,
    baseURL,
  }: { photographer: { phone: string; password: string }; admin: SignedInAccount; language: Language; baseURL?: string },
): Promise<SignedInAccount> {
  const person = await signedInAs(request, contexts, { ...photographer, baseURL });
  const signing = await dataOf<{ provider: { status: string } | null }>(await person.api.get('/api/c/signing'));
  if (signing.provider?.status !== 'active') {
    const id = await signingApplication(person, language);
    await dataOf(await admin.api.post(`/api/admin/signing/applications/${id}/approve`));
  }
  return person;
}
