import { defineErrors } from './errors.js';
import type { Page } from './api.js';
import rentalErrors from './rentals.errors.json' with { type: 'json' };

/** Rental listings: panorama works with rental details their owners add (the rentals module, docs/rentals.md): 2681–2690. */
export const RentalErrors = defineErrors(rentalErrors);

/** Monthly rent, in fen: at least one yuan, at most one million yuan. */
export const RENTAL_RENT_MIN_FEN = 100;
export const RENTAL_RENT_MAX_FEN = 100_000_000;
/** Floor area in square metres, with at most two decimals. */
export const RENTAL_AREA_MIN = 1;
export const RENTAL_AREA_MAX = 100_000;
/** Bedrooms, living rooms and bathrooms each. */
export const RENTAL_ROOMS_MAX = 20;
/** Floors: basements are negative; 0 is not a floor. */
export const RENTAL_FLOOR_MIN = -5;
export const RENTAL_FLOOR_MAX = 200;
export const RENTAL_ADDRESS_MAX = 100;
export const RENTAL_PLACE_MAX = 30;
export const RENTAL_CONTACT_NAME_MAX = 20;
export const RENTAL_KEYWORD_MAX = 50;
export const RENTAL_PAGE_SIZE_DEFAULT = 20;
export const RENTAL_PAGE_SIZE_MAX = 50;
/** A signed-in visitor sees at most this many listings' full phone numbers per hour. */
export const RENTAL_CONTACTS_PER_HOUR = 30;

export const RENTAL_SORTS = ['newest', 'rentAsc', 'rentDesc', 'areaDesc'] as const;
export type RentalSort = (typeof RENTAL_SORTS)[number];

/** What an owner sets on a panorama work (`PUT /api/model/{uid}/rental`). */
export interface RentalInput {
  rentFen: number;
  area: number;
  bedrooms: number;
  livingRooms: number;
  bathrooms: number;
  /** null: not said (a house, say). */
  floor: number | null;
  totalFloors: number | null;
  address: string;
  district: string;
  city: string;
  contactName: string;
  contactPhone: string;
  /** Off: kept, but not in the public listing. */
  listed: boolean;
}

/** The owner's view of a work's rental details. */
export interface RentalDetails extends RentalInput {
  workUid: string;
  /** Whether strangers find it now: listed, and the work online. */
  visible: boolean;
  listedAt: number | null;
  updatedAt: number;
}

/** One card of `GET /api/open/rentals`. */
export interface RentalCard {
  workUid: string;
  title: string;
  coverUrl: string;
  rentFen: number;
  area: number;
  bedrooms: number;
  livingRooms: number;
  bathrooms: number;
  floor: number | null;
  totalFloors: number | null;
  address: string;
  district: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  contactName: string;
  /** The phone with its middle four digits hidden (138****0062): the full one is asked for (`POST /api/rentals/{uid}/contact`). */
  maskedPhone: string;
  listedAt: number;
}

export type RentalPage = Page<RentalCard>;

/** The full contact of one listing, for a signed-in visitor. */
export interface RentalContact {
  workUid: string;
  contactName: string;
  contactPhone: string;
}

/** 13800000062 → 138****0062. */
export function maskPhone(phone: string): string {
  return phone.length >= 11 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** Square metres rounded to two decimals, as they are stored. */
export function roundArea(area: number): number {
  return Math.round(area * 100) / 100;
}
