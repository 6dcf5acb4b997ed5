import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { RentalSort } from '@spatia/contract';
import type { Db, Executor } from '../../db/database.js';
import { users } from '../users/users.tables.js';
import { works } from '../works/works.tables.js';
import { rentalListings } from './rentals.tables.js';

export type RentalRow = typeof rentalListings.$inferSelect;
export type RentalValues = Omit<typeof rentalListings.$inferInsert, 'workId' | 'createdAt' | 'updatedAt'>;

/** A public search: bounds already checked (min ≤ max, south ≤ north); the keyword normalized. */
export interface RentalSearch {
  minRentFen?: number;
  maxRentFen?: number;
  minArea?: number;
  maxArea?: number;
  /** At least this many bedrooms. */
  bedrooms?: number;
  keyword?: string;
  /** The visible map: west may exceed east when the area crosses the antimeridian. */
  bounds?: { west: number; south: number; east: number; north: number };
  sort: RentalSort;
  limit: number;
  offset: number;
}

/** A listing as a card shows it: the rental row with what it shows of its work. */
export interface RentalCardRow extends RentalRow {
  workUid: string;
  title: string;
  coverKey: string;
  latitude: number | null;
  longitude: number | null;
}

const ORDER: Record<RentalSort, SQL[]> = {
  newest: [sql`${rentalListings.listedAt} desc nulls last`, desc(rentalListings.workId)],
  rentAsc: [asc(rentalListings.rentFen), asc(rentalListings.workId)],
  rentDesc: [desc(rentalListings.rentFen), desc(rentalListings.workId)],
  areaDesc: [desc(rentalListings.area), desc(rentalListings.workId)],
};

/** The only place that reads and writes the rentals table. */
export class RentalsRepository {
  constructor(private readonly db: Db) {}

  async find(workId: number, executor: Executor = this.db): Promise<RentalRow | undefined> {
    const [row] = await executor.select().from(rentalListings).where(eq(rentalListings.workId, workId));
    return row;
  }

  async findMany(workIds: readonly number[]): Promise<RentalRow[]> {
    if (workIds.length === 0) return [];
    return this.db
      .select()
      .from(rentalListings)
      .where(inArray(rentalListings.workId, [...workIds]));
  }

  async save(workId: number, values: RentalValues, executor: Executor = this.db): Promise<RentalRow> {
    const [row] = await executor
      .insert(rentalListings)
      .values({ workId, ...values })
      .onConflictDoUpdate({ target: rentalListings.workId, set: { ...values, updatedAt: new Date() } })
      .returning();
    return row!;
  }

  async remove(workId: number, executor: Executor = this.db): Promise<boolean> {
    const removed = await executor
      .delete(rentalListings)
      .where(eq(rentalListings.workId, workId))
      .returning({ workId: rentalListings.workId });
    return removed.length > 0;
  }

  /**
   * One page of what strangers find, in one statement with the works and their owners: listed, the work a
   * panorama that is online and outside the recycle bin, its owner not disabled (the same rule as the
   * people pages' public works, docs/rentals.md "Who sees a listing").
   */
  async search(search: RentalSearch): Promise<{ rows: RentalCardRow[]; total: number }> {
    const where = searchConditions(search);
    const columns = {
      ...rentalColumns,
      workUid: works.uid,
      title: works.name,
      coverKey: works.coverKey,
      latitude: works.latitude,
      longitude: works.longitude,
    };
    const [rows, [counted]] = await Promise.all([
      this.db
        .select(columns)
        .from(rentalListings)
        .innerJoin(works, eq(works.id, rentalListings.workId))
        .innerJoin(users, eq(users.id, works.ownerId))
        .where(where)
        .orderBy(...ORDER[search.sort])
        .limit(search.limit)
        .offset(search.offset),
      this.db
        .select({ total: count() })
        .from(rentalListings)
        .innerJoin(works, eq(works.id, rentalListings.workId))
        .innerJoin(users, eq(users.id, works.ownerId))
        .where(where),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /** One listing strangers can see, by its work's uid (the contact call). */
  async findVisible(workUid: string): Promise<RentalCardRow | undefined> {
    const [row] = await this.db
      .select({
        ...rentalColumns,
        workUid: works.uid,
        title: works.name,
        coverKey: works.coverKey,
        latitude: works.latitude,
        longitude: works.longitude,
      })
      .from(rentalListings)
      .innerJoin(works, eq(works.id, rentalListings.workId))
      .innerJoin(users, eq(users.id, works.ownerId))
      .where(and(visibleConditions(), eq(works.uid, workUid)));
    return row;
  }
}

const rentalColumns = {
  workId: rentalListings.workId,
  rentFen: rentalListings.rentFen,
  area: rentalListings.area,
  bedrooms: rentalListings.bedrooms,
  livingRooms: rentalListings.livingRooms,
  bathrooms: rentalListings.bathrooms,
  floor: rentalListings.floor,
  totalFloors: rentalListings.totalFloors,
  address: rentalListings.address,
  district: rentalListings.district,
  city: rentalListings.city,
  contactName: rentalListings.contactName,
  contactPhone: rentalListings.contactPhone,
  listed: rentalListings.listed,
  listedAt: rentalListings.listedAt,
  searchText: rentalListings.searchText,
  createdAt: rentalListings.createdAt,
  updatedAt: rentalListings.updatedAt,
};

function visibleConditions(): SQL {
  return and(
    eq(rentalListings.listed, true),
    eq(works.type, 'panorama'),
    ne(works.status, 'unpublished'),
    isNull(works.deletedAt),
    isNull(users.disabledAt),
  )!;
}

function searchConditions(search: RentalSearch): SQL {
  const conditions: SQL[] = [visibleConditions()];
  if (search.minRentFen !== undefined) conditions.push(gte(rentalListings.rentFen, search.minRentFen));
  if (search.maxRentFen !== undefined) conditions.push(lte(rentalListings.rentFen, search.maxRentFen));
  if (search.minArea !== undefined) conditions.push(gte(rentalListings.area, search.minArea));
  if (search.maxArea !== undefined) conditions.push(lte(rentalListings.area, search.maxArea));
  if (search.bedrooms !== undefined) conditions.push(gte(rentalListings.bedrooms, search.bedrooms));
  if (search.keyword) {
    conditions.push(
      or(sql`strpos(${rentalListings.searchText}, ${search.keyword}) > 0`, sql`strpos(${works.searchText}, ${search.keyword}) > 0`)!,
    );
  }
  if (search.bounds) {
    const { west, south, east, north } = search.bounds;
    conditions.push(isNotNull(works.latitude), isNotNull(works.longitude), gte(works.latitude, south), lte(works.latitude, north));
    conditions.push(
      west <= east
        ? and(gte(works.longitude, west), lte(works.longitude, east))!
        : or(gte(works.longitude, west), lte(works.longitude, east))!,
    );
  }
  return and(...conditions)!;
}
