import { asc } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { permissionCatalogue, permissionGroups } from './access.tables.js';

export interface CatalogueGroupRow {
  code: string;
  nameZh: string;
  nameEn: string;
}

export interface CataloguePermissionRow {
  permId: number;
  groupCode: string;
  parentPermId: number | null;
  nameZh: string;
  nameEn: string;
}

/** The only Drizzle code of the access module: the permission catalogue and its groups (seeded by migration 0013). */
export class AccessRepository {
  constructor(private readonly db: Db) {}

  /** Groups and permissions, each in display order. */
  async findCatalogue(): Promise<{ groups: CatalogueGroupRow[]; permissions: CataloguePermissionRow[] }> {
    const [groups, permissions] = await Promise.all([
      this.db
        .select({ code: permissionGroups.code, nameZh: permissionGroups.nameZh, nameEn: permissionGroups.nameEn })
        .from(permissionGroups)
        .orderBy(asc(permissionGroups.sortOrder), asc(permissionGroups.code)),
      this.db
        .select({
          permId: permissionCatalogue.permId,
          groupCode: permissionCatalogue.groupCode,
          parentPermId: permissionCatalogue.parentPermId,
          nameZh: permissionCatalogue.nameZh,
          nameEn: permissionCatalogue.nameEn,
        })
        .from(permissionCatalogue)
        .orderBy(asc(permissionCatalogue.sortOrder), asc(permissionCatalogue.permId)),
    ]);
    return { groups, permissions };
  }
}
