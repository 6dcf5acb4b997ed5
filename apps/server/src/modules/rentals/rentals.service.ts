import {
  RENTAL_CONTACTS_PER_HOUR,
  isWorkOnline,
  maskPhone,
  roundArea,
  type HouseRental,
  type RentalCard,
  type RentalContact,
  type RentalDetails,
  type RentalInput,
  type RentalPage,
  type RentalSort,
} from '@spatia/contract';
import type { Db } from '../../db/database.js';
import { fail } from '../../lib/app-error.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { SensitiveWordsService } from '../sensitive-words/index.js';
import { fileUrl } from '../uploads/index.js';
import { normalizeSearchText, type Actor, type WorkRow, type WorksService } from '../works/index.js';
import type { RentalCardRow, RentalRow, RentalsRepository } from './rentals.repository.js';

const CONTACT_WINDOW_SECONDS = 3600;

/** What the public listing is asked (`GET /api/open/rentals`): ranges in fen and square metres. */
export interface RentalQuery {
  minRent?: number;
  maxRent?: number;
  minArea?: number;
  maxArea?: number;
  bedrooms?: number;
  keyword?: string;
  /** `west,south,east,north` in degrees. */
  bbox?: string;
  sort: RentalSort;
  pageNum: number;
  pageSize: number;
}

/** Rental details of panorama works: their owners set them, everyone finds them (docs/rentals.md). */
export class RentalsService {
  constructor(
    private readonly db: Db,
    private readonly repository: RentalsRepository,
    private readonly works: WorksService,
    private readonly sensitiveWords: SensitiveWordsService,
    private readonly limiter: RateLimiter,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The work's rental details for its owner (or an admin); null when it has none. */
  async get(actor: Actor, uid: string): Promise<RentalDetails | null> {
    const work = await this.works.findManageable(actor, uid);
    const row = await this.repository.find(work.id);
    return row ? toDetails(work, row) : null;
  }

  /** The rental figures of these works, by work id, for those that have them (a person's houses, docs/spaces.md). */
  async figuresOf(workIds: readonly number[]): Promise<Map<number, HouseRental>> {
    const rows = await this.repository.findMany([...new Set(workIds)]);
    return new Map(
      rows.map((row) => [
        row.workId,
        {
          rentFen: row.rentFen,
          area: row.area,
          bedrooms: row.bedrooms,
          livingRooms: row.livingRooms,
          bathrooms: row.bathrooms,
          floor: row.floor,
          totalFloors: row.totalFloors,
        },
      ]),
    );
  }

  /** Sets the details of a panorama work; switching `listed` on dates it "newest". */
  async set(actor: Actor, uid: string, input: RentalInput): Promise<RentalDetails> {
    const work = await this.works.findManageable(actor, uid);
    if (work.type !== 'panorama') throw fail('rentalNotPanorama');
    const address = input.address.trim();
    const district = input.district.trim();
    const city = input.city.trim();
    const contactName = input.contactName.trim();
    await this.sensitiveWords.assertClean('address', address);
    await this.sensitiveWords.assertClean('district', district);
    await this.sensitiveWords.assertClean('city', city);
    await this.sensitiveWords.assertClean('contactName', contactName);
    const row = await this.db.transaction(async (tx) => {
      const existing = await this.repository.find(work.id, tx);
      const listedAt = !input.listed ? null : existing?.listed && existing.listedAt ? existing.listedAt : new Date(this.now());
      return this.repository.save(
        work.id,
        {
          rentFen: input.rentFen,
          area: roundArea(input.area),
          bedrooms: input.bedrooms,
          livingRooms: input.livingRooms,
          bathrooms: input.bathrooms,
          floor: input.floor,
          totalFloors: input.totalFloors,
          address,
          district,
          city,
          contactName,
          contactPhone: input.contactPhone,
          listed: input.listed,
          listedAt,
          searchText: normalizeSearchText([address, district, city].join(' ')),
        },
        tx,
      );
    });
    return toDetails(work, row);
  }

  /** Removes the work's details; removing none changes nothing. */
  async remove(actor: Actor, uid: string): Promise<{ removed: boolean }> {
    const work = await this.works.findManageable(actor, uid);
    return { removed: await this.repository.remove(work.id) };
  }

  /** What strangers find: one page of listed, visible panorama works matching the filters. */
  async search(query: RentalQuery): Promise<RentalPage> {
    if (query.minRent !== undefined && query.maxRent !== undefined && query.minRent > query.maxRent) throw fail('rentalRangeInverted');
    if (query.minArea !== undefined && query.maxArea !== undefined && query.minArea > query.maxArea) throw fail('rentalRangeInverted');
    const keyword = query.keyword === undefined ? '' : normalizeSearchText(query.keyword);
    const { rows, total } = await this.repository.search({
      minRentFen: query.minRent,
      maxRentFen: query.maxRent,
      minArea: query.minArea,
      maxArea: query.maxArea,
      bedrooms: query.bedrooms,
      keyword: keyword || undefined,
      bounds: query.bbox ? parseBounds(query.bbox) : undefined,
      sort: query.sort,
      limit: query.pageSize,
      offset: (query.pageNum - 1) * query.pageSize,
    });
    return { list: rows.map(toCard), total, pageNum: query.pageNum, pageSize: query.pageSize };
  }

  /** The full phone of a visible listing, for a signed-in visitor, at most RENTAL_CONTACTS_PER_HOUR an hour. */
  async contact(actor: Actor, uid: string): Promise<RentalContact> {
    const row = await this.repository.findVisible(uid);
    if (!row) throw fail('rentalNotFound');
    const decision = await this.limiter.hit(`rental-contact:${actor.id}`, RENTAL_CONTACTS_PER_HOUR, CONTACT_WINDOW_SECONDS);
    if (!decision.allowed) throw fail('rentalContactTooOften', { minutes: Math.max(1, Math.ceil(decision.retryAfterSeconds / 60)) });
    return { workUid: row.workUid, contactName: row.contactName, contactPhone: row.contactPhone };
  }
}

/** `west,south,east,north`: four numbers in range, south below north. */
export function parseBounds(bbox: string): { west: number; south: number; east: number; north: number } {
  const parts = bbox.split(',').map((part) => Number(part.trim()));
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) throw fail('rentalInvalidBounds');
  const [west, south, east, north] = parts as [number, number, number, number];
  if (Math.abs(south) > 90 || Math.abs(north) > 90 || south > north) throw fail('rentalInvalidBounds');
  // A map zoomed out past the whole world: no longitude filter.
  if (east - west >= 360) return { west: -180, south, east: 180, north };
  return { west: wrapLongitude(west), south, east: wrapLongitude(east), north };
}

function wrapLongitude(longitude: number): number {
  return ((((longitude + 180) % 360) + 360) % 360) - 180;
}

function toDetails(work: WorkRow, row: RentalRow): RentalDetails {
  return {
    workUid: work.uid,
    rentFen: row.rentFen,
    area: row.area,
    bedrooms: row.bedrooms,
    livingRooms: row.livingRooms,
    bathrooms: row.bathrooms,
    floor: row.floor,
    totalFloors: row.totalFloors,
    address: row.address,
    district: row.district,
    city: row.city,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    listed: row.listed,
    visible: row.listed && isWorkOnline(work.status) && work.deletedAt === null,
    listedAt: row.listedAt?.getTime() ?? null,
    updatedAt: row.updatedAt.getTime(),
  };
}

function toCard(row: RentalCardRow): RentalCard {
  return {
    workUid: row.workUid,
    title: row.title,
    coverUrl: fileUrl(row.coverKey),
    rentFen: row.rentFen,
    area: row.area,
    bedrooms: row.bedrooms,
    livingRooms: row.livingRooms,
    bathrooms: row.bathrooms,
    floor: row.floor,
    totalFloors: row.totalFloors,
    address: row.address,
    district: row.district,
    city: row.city,
    latitude: row.latitude,
    longitude: row.longitude,
    contactName: row.contactName,
    maskedPhone: maskPhone(row.contactPhone),
    listedAt: (row.listedAt ?? row.updatedAt).getTime(),
  };
}
