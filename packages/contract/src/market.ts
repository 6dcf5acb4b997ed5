/**
 * The work market (docs/market.md): sellers list a published, reviewed work at a price with a licence; admins
 * review listings; anyone browses the listings on market; a signed-in person buys one from their balance, or
 * by a payment QR code for what the balance lacks. Money is integer fen.
 */
import type { Page } from './api.js';
import { defineErrors } from './errors.js';
import type { IdentityBadge } from './identity.js';
import type { FlowRechargeOrder, PaymentProvider } from './payments.js';
import type { WorkDetail, WorkType } from './works.js';
import marketErrors from './market.errors.json' with { type: 'json' };

/** What a buyer gets: `view` opens the work from their console; `copy` puts a copy of it into their own works. */
export const MARKET_LICENCES = ['view', 'copy'] as const;
export type MarketLicence = (typeof MARKET_LICENCES)[number];

/**
 * A listing's state, separate from its work's status: `pending` waits for an admin, `onMarket` is shown and
 * sold, `rejected` was refused with a reason, `off` was taken off (by its seller, an admin, or a change of
 * its work: `offReason`).
 */
export const MARKET_LISTING_STATUSES = ['pending', 'onMarket', 'rejected', 'off'] as const;
export type MarketListingStatus = (typeof MARKET_LISTING_STATUSES)[number];

/** Why a listing is off: its seller or an admin took it off, or its work changed (edited, offline, deleted, handed over). */
export const MARKET_OFF_REASONS = ['seller', 'admin', 'workChanged'] as const;
export type MarketOffReason = (typeof MARKET_OFF_REASONS)[number];

export const MARKET_SORTS = ['newest', 'popular', 'priceAsc', 'priceDesc'] as const;
export type MarketSort = (typeof MARKET_SORTS)[number];

/** `completed`: paid, the buyer holds the licence; `refunded`: an admin refunded it and the licence is gone. */
export const MARKET_PURCHASE_STATUSES = ['completed', 'refunded'] as const;
export type MarketPurchaseStatus = (typeof MARKET_PURCHASE_STATUSES)[number];

/** `balance`: only from the balance (refused when it lacks); a provider: the balance, and a QR code for what it lacks. */
export type MarketPaymentMethod = 'balance' | PaymentProvider;

/** The platform's fee on a sale, in basis points of the price (1000 = 10%), and the refund window, as admins set them. */
export const MARKET_FEE_BASIS_POINTS_MAX = 5000;
export const MARKET_REFUND_WINDOW_DAYS_MAX = 90;
export const MARKET_DEFAULT_SETTINGS: MarketSettings = { feeBasisPoints: 1000, refundWindowDays: 7 };
/** A rejection's or a refund's reason, at most this many characters (a refund's reaches the provider: 80). */
export const MARKET_REASON_MAX_LENGTH = 80;
/** A search's `total` counts at most this many listings (deeper pages are not offered): counting every match of a broad search costs more than the page. */
export const MARKET_SEARCH_TOTAL_MAX = 10_000;
/** The search words, at most this many characters. */
export const MARKET_QUERY_MAX_LENGTH = 50;

/** The platform's fee on a price: basis points of it, rounded down to whole fen. */
export function marketFee(priceFen: number, feeBasisPoints: number): number {
  return Math.floor((priceFen * feeBasisPoints) / 10_000);
}

export interface MarketSettings {
  feeBasisPoints: number;
  refundWindowDays: number;
}

export interface MarketPerson {
  uid: string;
  name: string;
  avatarUrl: string;
  /** Approved identities (badges), on the market's public answers. */
  identities?: IdentityBadge[];
}

export interface MarketWorkCard {
  uid: string;
  name: string;
  type: WorkType;
  coverUrl: string;
}

/** A listing as the market's list shows it (`GET /api/market/listings`). */
export interface MarketListingCard {
  id: number;
  work: MarketWorkCard;
  priceFen: number;
  licence: MarketLicence;
  seller: MarketPerson;
  /** Completed purchases. */
  sales: number;
  /** When it went on the market last. */
  listedAt: number;
}

/** `GET /api/market/listings/{id}`: the listing, its work as its public page shows it, and the caller's standing. */
export interface MarketListingDetail extends MarketListingCard {
  status: MarketListingStatus;
  work: MarketWorkCard & { description: string };
  /** The work with its viewer's files, as `GET /api/model/{uid}` answers it publicly. */
  detail: WorkDetail;
  /** The caller's completed purchase of it, or null (signed out, or not bought). */
  purchaseId: number | null;
  /** The caller is the seller (who cannot buy). */
  mine: boolean;
  /** What buying takes: the caller's balance (0 signed out) and the providers that can pay the rest by QR code. */
  providers: PaymentProvider[];
  balanceFen: number;
}

/** A seller's listing (`GET /api/market/myListings`, `PUT /api/model/{uid}/market`). */
export interface MyMarketListing {
  id: number;
  work: MarketWorkCard;
  priceFen: number;
  licence: MarketLicence;
  status: MarketListingStatus;
  /** The admin's reason of a rejection or a taking off; '' otherwise. */
  reason: string;
  offReason: MarketOffReason | null;
  sales: number;
  submittedAt: number;
  decidedAt: number | null;
  listedAt: number | null;
}

/** A listing in the back office's review list. */
export interface AdminMarketListing extends MyMarketListing {
  seller: MarketPerson & { id: number };
}

/** `PUT /api/model/{uid}/market`: price in yuan (as the works menu sends it) and the licence (view when left out). */
export interface MarketListingRequest {
  price: string;
  licence?: MarketLicence;
}

/** One purchase: the buyer's bought works, the admin's refund list. */
export interface MarketPurchase {
  id: number;
  orderNo: string;
  listingId: number;
  work: MarketWorkCard;
  /** For a copy licence: the buyer's copy (null for a view licence, and once refunded). */
  copyUid: string | null;
  licence: MarketLicence;
  priceFen: number;
  /** The platform's fee; the seller earned `priceFen - feeFen`. */
  feeFen: number;
  /** What the balance paid, and what a QR payment added (through `provider`). */
  paidFromBalanceFen: number;
  paidByProviderFen: number;
  provider: PaymentProvider | null;
  status: MarketPurchaseStatus;
  seller: MarketPerson;
  buyer: MarketPerson;
  purchasedAt: number;
  refundedAt: number | null;
  refundReason: string;
  /** Until when an admin may refund it. */
  refundableUntil: number;
}

/** `POST /api/market/listings/{id}/purchase`. */
export interface MarketPurchaseRequest {
  method: MarketPaymentMethod;
}

/**
 * The answer of a purchase. Paid: `purchase` set, `order` null. By QR code: `order` for what the balance lacks
 * (show and poll it as a recharge order); once paid, the purchase completes by itself. `balanceFen` is the
 * buyer's balance now.
 */
export interface MarketPurchaseAnswer {
  purchase: MarketPurchase | null;
  order: FlowRechargeOrder | null;
  balanceFen: number;
}

export type MarketListingPage = Page<MarketListingCard>;

/** The market (the market module): 2401–2449. */
export const MarketErrors = defineErrors(marketErrors);
