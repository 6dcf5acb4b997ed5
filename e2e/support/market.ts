import type { APIRequest, APIRequestContext } from '@playwright/test';
import { signedInAs } from './accounts';
import { dataOf } from './api';
import { freshPng, type Language } from './back-office';
import { upload } from './processing';
import { users } from './session';

/*
 * The market's journey state (docs/market.md), set up through the API as a seller, an admin and a buyer
 * would: the seeded accounts `users.marketSellers` and `users.marketBuyers` (scripts/e2e.mjs) start empty.
 */

export interface ListedWork {
  uid: string;
  name: string;
  listingId: number;
  priceFen: number;
}

/**
 * A work of the seller's on the market: created with a cover and an origin, put online, submitted for
 * review, passed by the seeded admin, listed at `price` yuan with `licence`, and the listing approved
 * (or, with `approve: false`, left waiting for the market's review).
 */
export async function listedWork(
  request: APIRequestContext,
  contexts: APIRequest,
  {
    seller,
    name,
    price = '9.90',
    licence = 'view',
    language,
    approve = true,
    baseURL,
  }: {
    seller: { phone: string; password: string };
    name: string;
    price?: string;
    licence?: 'view' | 'copy';
    language: Language;
    approve?: boolean;
    baseURL?: string;
  },
): Promise<ListedWork> {
  const owner = await signedInAs(request, contexts, { ...seller, baseURL });
  const admin = await signedInAs(request, contexts, { ...users.admin, baseURL });
  try {
    const work = await dataOf<{ uid: string }>(
      await owner.api.post('/api/model', { data: { name, type: 'panorama', description: `${name}: a work on the market` } }),
    );
    await upload(owner.api, work.uid, 'uploadCredentials', 'cover.png', freshPng(320, 180, language));
    // Small: nothing processes it, review only needs an origin to be there.
    await upload(owner.api, work.uid, 'origin/uploadCredentials', 'origin.png', freshPng(64, 32, language));
    await dataOf(await owner.api.put(`/api/model/${work.uid}/onLined`, { data: { onLined: true } }));
    await dataOf(await owner.api.post(`/api/model/${work.uid}/audit`));
    await dataOf(await admin.api.post(`/api/audit/models/${work.uid}/claim`));
    await dataOf(await admin.api.post(`/api/audit/models/${work.uid}/decision`, { data: { passed: true, note: '' } }));
    const listing = await dataOf<{ id: number; priceFen: number }>(
      await owner.api.put(`/api/model/${work.uid}/market`, { data: { price, licence } }),
    );
    if (approve) await dataOf(await admin.api.post(`/api/admin/market/listings/${listing.id}/approve`));
    return { uid: work.uid, name, listingId: listing.id, priceFen: listing.priceFen };
  } finally {
    await Promise.all([owner.api.dispose(), admin.api.dispose()]);
  }
}

/** ¥30.00 on the buyer's balance: one month of flow recharged and paid at the sandbox's test checkout. */
export async function fundedBuyer(
  request: APIRequestContext,
  contexts: APIRequest,
  { buyer, language, baseURL }: { buyer: { phone: string; password: string }; language: Language; baseURL?: string },
): Promise<void> {
  const member = await signedInAs(request, contexts, { ...buyer, baseURL });
  try {
    const order = await dataOf<{ orderNo: string; codeUrl: string }>(
      await member.api.post('/api/c/flowRecharge/nativePayNow', {
        data: { months: 1, fee: 3_000 },
        headers: { 'Idempotency-Key': `market-${language}-${Date.now()}` },
      }),
    );
    const sign = new URL(order.codeUrl, 'http://site').searchParams.get('sign');
    await dataOf(await request.post(`/api/payments/sandbox/checkout/${order.orderNo}/pay?sign=${sign}`));
  } finally {
    await member.api.dispose();
  }
}
