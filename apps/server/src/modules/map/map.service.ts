import { isRasterTileSource, MAP_WORKS_LIMIT, type MapSettings, type MapWorks, type WorkType } from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import type { AdminLogService } from '../admin-log/index.js';
import { fileUrl } from '../uploads/index.js';
import type { MapArea, MapRepository } from './map.repository.js';

/** The whole world: the globe asks for every work at once. */
export const WHOLE_WORLD: MapArea = { west: -180, south: -90, east: 180, north: 90 };

/** The works on the public map and globe, and the operator's base map (docs/map.md). */
export class MapService {
  constructor(
    private readonly repository: MapRepository,
    private readonly adminLog: AdminLogService,
  ) {}

  settings(): Promise<MapSettings> {
    return this.repository.settings();
  }

  /** Validated here as well as by the schema: an http(s) URL, a style or a tile template. */
  async updateSettings(admin: { id: number }, next: MapSettings): Promise<MapSettings> {
    const settings = { source: next.source.trim(), attribution: next.attribution.trim() };
    if (settings.source !== '' && !isValidSource(settings.source)) throw fail('mapSourceInvalid');
    await this.repository.db.transaction(async (tx) => {
      const before = await this.repository.settings(tx);
      await this.repository.saveSettings(settings, admin.id, tx);
      await this.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'map.settings',
        targetType: 'mapSettings',
        targetId: 'map',
        before: { ...before },
        after: { ...settings },
      });
    });
    return this.repository.settings();
  }

  /** The works strangers may see in `area` (the whole world when none is given), newest first, capped. */
  async works(area: MapArea = WHOLE_WORLD, type?: WorkType): Promise<MapWorks> {
    if (area.south > area.north) throw fail('mapBoundsInvalid');
    const rows = await this.repository.worksIn(area, type, MAP_WORKS_LIMIT + 1);
    return {
      works: rows.slice(0, MAP_WORKS_LIMIT).map((row) => ({
        uid: row.uid,
        name: row.name,
        type: row.type,
        coverUrl: fileUrl(row.coverKey),
        latitude: row.latitude,
        longitude: row.longitude,
        author: { uid: row.authorUid, name: row.authorName },
      })),
      truncated: rows.length > MAP_WORKS_LIMIT,
    };
  }
}

function isValidSource(source: string): boolean {
  let url: URL;
  try {
    // The tile template's braces are not valid in a host, so they are replaced before parsing.
    url = new URL(source.replace(/\{[xyz]\}/g, '0'));
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  // A template must hold all three; a style URL none (a half template is a typo, not a style).
  return isRasterTileSource(source) || !/\{[xyz]\}/.test(source);
}
