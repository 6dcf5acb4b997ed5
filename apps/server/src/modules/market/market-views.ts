import type {
  AdminMarketListing,
  IdentityBadge,
  MarketListingCard,
  MarketPerson,
  MarketPurchase,
  MarketWorkCard,
  MyMarketListing,
} from '@spatia/contract';
import { fileUrl } from '../uploads/index.js';
import type { PublicProfile } from '../users/index.js';
import type { ListingRow, PurchaseRow } from './market.repository.js';

const DAY_MS = 24 * 60 * 60_000;
const NOBODY: MarketPerson = { uid: '', name: '', avatarUrl: '' };

/** Who people are, as the market's answers name them. */
export interface People {
  profiles: Map<number, PublicProfile>;
  /** Approved identities, on public answers only. */
  badges?: Map<number, IdentityBadge[]>;
}

export function personOf(people: People, userId: number): MarketPerson {
  const profile = people.profiles.get(userId);
  if (!profile) return NOBODY;
  return people.badges ? { ...profile, identities: people.badges.get(userId) ?? [] } : { ...profile };
}

export function workCardOf(row: Pick<ListingRow, 'workUid' | 'workName' | 'workType' | 'coverKey'>): MarketWorkCard {
  return { uid: row.workUid, name: row.workName, type: row.workType, coverUrl: fileUrl(row.coverKey) };
}

export function listingCard(
  row: Pick<
    ListingRow,
    'id' | 'sellerId' | 'priceFen' | 'licence' | 'sales' | 'listedAt' | 'submittedAt' | 'workUid' | 'workName' | 'workType' | 'coverKey'
  >,
  people: People,
): MarketListingCard {
  return {
    id: row.id,
    work: workCardOf(row),
    priceFen: row.priceFen,
    licence: row.licence,
    seller: personOf(people, row.sellerId),
    sales: row.sales,
    listedAt: (row.listedAt ?? row.submittedAt).getTime(),
  };
}

export function myListing(row: ListingRow): MyMarketListing {
  return {
    id: row.id,
    work: workCardOf(row),
    priceFen: row.priceFen,
    licence: row.licence,
    status: row.status,
    reason: row.reason,
    offReason: row.offReason,
    sales: row.sales,
    submittedAt: row.submittedAt.getTime(),
    decidedAt: row.decidedAt?.getTime() ?? null,
    listedAt: row.listedAt?.getTime() ?? null,
  };
}

export function adminListing(row: ListingRow, people: People): AdminMarketListing {
  return { ...myListing(row), seller: { ...personOf(people, row.sellerId), id: row.sellerId } };
}

export function purchaseView(row: PurchaseRow, people: People, copyUid: string | null, refundWindowDays: number): MarketPurchase {
  return {
    id: row.id,
    orderNo: row.orderNo,
    listingId: row.listingId,
    work: workCardOf(row),
    copyUid: row.status === 'completed' ? copyUid : null,
    licence: row.licence,
    priceFen: row.priceFen,
    feeFen: row.feeFen,
    paidFromBalanceFen: row.paidFromBalanceFen,
    paidByProviderFen: row.paidByProviderFen,
    provider: row.provider,
    status: row.status,
    seller: personOf(people, row.sellerId),
    buyer: personOf(people, row.buyerId),
    purchasedAt: row.createdAt.getTime(),
    refundedAt: row.refundedAt?.getTime() ?? null,
    refundReason: row.refundReason,
    refundableUntil: row.createdAt.getTime() + refundWindowDays * DAY_MS,
  };
}
