import { and, desc, eq, gte, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { MapSettings, WorkType } from '@spatia/contract';
import type { Db, Executor, Transaction } from '../../db/database.js';
import { users } from '../users/users.tables.js';
import { works } from '../works/works.tables.js';
import { mapSettings } from './map.tables.js';

/** West, south, east and north in degrees; west > east crosses the antimeridian. */
export interface MapArea {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface MapWorkRow {
  uid: string;
  name: string;
  type: WorkType;
  coverKey: string;
  latitude: number;
  longitude: number;
  authorUid: string;
  authorName: string;
}

export class MapRepository {
  constructor(readonly db: Db) {}

  async settings(executor: Executor = this.db): Promise<MapSettings> {
    const [row] = await executor.select().from(mapSettings).where(eq(mapSettings.id, 1));
    return row ? { source: row.source, attribution: row.attribution } : { source: '', attribution: '' };
  }

  async saveSettings(settings: MapSettings, updatedBy: number, tx: Transaction): Promise<void> {
    await tx
      .insert(mapSettings)
      .values({ id: 1, ...settings, updatedBy })
      .onConflictDoUpdate({ target: mapSettings.id, set: { ...settings, updatedBy, updatedAt: new Date() } });
  }

  /**
   * Works strangers may see that have a location, in `area`, newest first, at most `limit`: online
   * (as the works module's public lists: any status but unpublished), outside the recycle bin, their
   * owner's account not disabled.
   */
  async worksIn(area: MapArea, type: WorkType | undefined, limit: number): Promise<MapWorkRow[]> {
    const longitude: SQL | undefined =
      area.west <= area.east
        ? and(gte(works.longitude, area.west), lte(works.longitude, area.east))
        : or(gte(works.longitude, area.west), lte(works.longitude, area.east));
    return this.db
      .select({
        uid: works.uid,
        name: works.name,
        type: works.type,
        coverKey: works.coverKey,
        latitude: sql<number>`${works.latitude}`,
        longitude: sql<number>`${works.longitude}`,
        authorUid: users.uid,
        authorName: users.fullName,
      })
      .from(works)
      .innerJoin(users, eq(users.id, works.ownerId))
      .where(
        and(
          isNotNull(works.latitude),
          isNotNull(works.longitude),
          ne(works.status, 'unpublished'),
          isNull(works.deletedAt),
          isNull(users.disabledAt),
          gte(works.latitude, area.south),
          lte(works.latitude, area.north),
          longitude,
          type ? eq(works.type, type) : undefined,
        ),
      )
      .orderBy(desc(works.id))
      .limit(limit);
  }
}
