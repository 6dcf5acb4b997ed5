import { Role, type MarketLicence, type MyMarketListing, type WorkDetail } from '@spatia/contract';
import type { FastifyInstance } from 'fastify';
import { fundBalance } from './income.js';
import { json } from './test-app.js';
import { publishedWork, type Person } from './works-fixtures.js';

/** A published work of the owner's that passed review (by the system, without an admin's claim). */
export async function reviewedWork(app: FastifyInstance, owner: Person, name = '市场作品'): Promise<WorkDetail> {
  const work = await publishedWork(app, owner, name);
  const submitted = await owner.call('POST', `/api/model/${work.uid}/audit`);
  if (submitted.statusCode !== 200) throw new Error(`submitting for review failed: ${submitted.body}`);
  return app.services.workPublishing.passReviewAsSystem({ id: owner.id, roles: [Role.customer] }, work.uid);
}

/**
 * A reviewed work of the owner's listed on the market at `price` yuan: waiting for review with `approve: false`,
 * otherwise approved by `admin` (or directly by the service when none is given).
 */
export async function listedWork(
  app: FastifyInstance,
  owner: Person,
  options: { price?: string; licence?: MarketLicence; approve?: boolean; admin?: Person; name?: string } = {},
): Promise<{ work: WorkDetail; listing: MyMarketListing }> {
  const work = await reviewedWork(app, owner, options.name);
  const response = await owner.call('PUT', `/api/model/${work.uid}/market`, {
    price: options.price ?? '10.00',
    licence: options.licence ?? 'view',
  });
  if (response.statusCode !== 200) throw new Error(`listing failed: ${response.body}`);
  let listing = json<{ data: MyMarketListing }>(response).data;
  if (options.approve !== false) {
    const approver = options.admin ? { id: options.admin.id, roles: [Role.admin] } : { id: owner.id, roles: [Role.admin] };
    listing = await app.services.marketAdmin.approve(approver, listing.id);
  }
  return { work, listing };
}

/** A completed purchase of the listing by `buyer`, paid from a balance funded for it. */
export async function boughtListing(
  app: FastifyInstance,
  buyer: Person,
  listing: Pick<MyMarketListing, 'id' | 'priceFen'>,
): Promise<number> {
  await fundBalance(app, buyer.id, listing.priceFen);
  const response = await buyer.call('POST', `/api/market/listings/${listing.id}/purchase`, { method: 'balance' });
  if (response.statusCode !== 200) throw new Error(`purchase failed: ${response.body}`);
  return json<{ data: { purchase: { id: number } } }>(response).data.purchase.id;
}
