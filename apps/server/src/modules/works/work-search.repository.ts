import { and, arrayContains, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { WorkType } from '@spatia/contract';
import { rowsOf, type Db } from '../../db/database.js';
import { users } from '../users/users.tables.js';
import { works } from './works.tables.js';

/** What the public search asks of the works table: the keyword taken apart by search-grams.ts. */
export interface PublicWorkFilter {
  /** The grams every match holds (`keywordGrams`): the GIN index narrows by them. */
  grams: string[];
  /** The normalized words every match contains (`keywordWords`): the substring test confirms the grams. */
  words: string[];
  /** The whole normalized keyword: a name that contains it ranks first. */
  phrase: string;
  type?: WorkType;
}

export interface PublicWorkRow {
  uid: string;
  type: WorkType;
  name: string;
  description: string;
  coverKey: string;
  views: number;
  createdAt: Date;
  ownerUid: string;
  ownerName: string;
  ownerAvatarUrl: string;
}

interface RawPublicWorkRow {
  uid: string;
  type: WorkType;
  name: string;
  description: string;
  cover_key: string;
  views: number | string;
  created_at: Date | string;
  owner_uid: string;
  owner_name: string;
  owner_avatar_url: string;
}

/**
 * The site's search over works anyone may see (docs/search.md): online, outside the recycle bin, of an
 * account that is not disabled, as a personal homepage and the work page show them. One statement per
 * page: the matches through the gram index, ranked, with their owners' names (a declared read of the
 * users table, `eslint/house-rules.js`).
 */
export class WorkSearchRepository {
  constructor(private readonly db: Db) {}

  async search(filter: PublicWorkFilter, page: { limit: number; offset: number }): Promise<PublicWorkRow[]> {
    if (page.limit === 0) return [];
    return (await rowsOf<RawPublicWorkRow>(this.db, this.pageStatement(filter, page))).map(publicWorkRow);
  }

  /** The ids of the first `limit` matches in rank order: what the search keeps for a broad keyword. */
  async rankedIds(filter: PublicWorkFilter, limit: number): Promise<number[]> {
    const rows = await rowsOf<{ id: number | string }>(this.db, this.rankedIdsStatement(filter, limit));
    return rows.map((row) => Number(row.id));
  }

  /**
   * The works of `ids` that anyone may still see, in the order of `ids`: a page of a kept ranking, read
   * afresh, so a work taken offline, into the recycle bin or renamed since shows so at once.
   */
  async visibleByIds(ids: readonly number[]): Promise<PublicWorkRow[]> {
    if (ids.length === 0) return [];
    const rows = await rowsOf<RawPublicWorkRow & { id: number | string }>(
      this.db,
      sql`
        select w.id, w.uid, w.type, w.name, w.description, w.cover_key, w.views, w.created_at,
               u.uid as owner_uid, u.full_name as owner_name, u.avatar_url as owner_avatar_url
        from ${works} as w join ${users} as u on u.id = w.owner_id
        where w.id = any(${sql`${`{${ids.join(',')}}`}::bigint[]`}) and w.status <> 'unpublished' and w.deleted_at is null
          and u.disabled_at is null`,
    );
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [publicWorkRow(row)] : [];
    });
  }

  /** How many works match, counting no further than `atMost`: a broad keyword would otherwise read every match. */
  async count(filter: PublicWorkFilter, atMost: number): Promise<number> {
    const [row] = await rowsOf<{ total: number | string }>(
      this.db,
      sql`select count(*) as total from (select 1 from ${works} where ${conditions(filter)} limit ${atMost}) as capped`,
    );
    return Number(row?.total ?? 0);
  }

  /** The plan of a page (its test shows the gram index finds a two-character keyword). */
  async plan(filter: PublicWorkFilter, page: { limit: number; offset: number }): Promise<string> {
    const rows = await rowsOf<{ 'QUERY PLAN': string }>(this.db, sql`explain ${this.pageStatement(filter, page)}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  }

  /**
   * Ranked by `rankColumns`. Every match is ranked (a top-N sort over the gram index's matches), so a keyword
   * matching tens of thousands of works costs their rows; the works search keeps such a keyword's ranking.
   */
  private pageStatement(filter: PublicWorkFilter, page: { limit: number; offset: number }): SQL {
    return sql`
      select w.uid, w.type, w.name, w.description, w.cover_key, w.views, w.created_at,
             u.uid as owner_uid, u.full_name as owner_name, u.avatar_url as owner_avatar_url
      from (select ${works.id}, ${works.uid}, ${works.type}, ${works.name}, ${works.description}, ${works.coverKey},
                   ${works.views}, ${works.createdAt}, ${works.ownerId}, ${rankColumns(filter)}
            from ${works}
            where ${conditions(filter)}
            order by ${rankOrder()}
            limit ${page.limit} offset ${page.offset}) as w
      join ${users} as u on u.id = w.owner_id
      order by ${rankOrder('w')}`;
  }

  private rankedIdsStatement(filter: PublicWorkFilter, limit: number): SQL {
    return sql`
      select id from (select ${works.id}, ${works.views}, ${works.createdAt}, ${rankColumns(filter)} from ${works} where ${conditions(filter)}) as w
      order by ${rankOrder()}
      limit ${limit}`;
  }
}

/**
 * What ranks a match (in `rankOrder`): a name holding the whole keyword first, then names holding more of its
 * grams, then the most viewed, then the newest.
 */
function rankColumns(filter: PublicWorkFilter): SQL {
  const name = sql`lower(${works.name})`;
  return sql`(strpos(${name}, ${filter.phrase}) > 0) as name_has_phrase,
    (select count(*) from unnest(${sqlTextArray(filter.grams)}) as g(gram) where strpos(${name}, g.gram) > 0) as grams_in_name`;
}

/** The order of `rankColumns`, of the subquery's own columns or, with `alias`, of the subquery named so. */
function rankOrder(alias = ''): SQL {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return sql.raw(['name_has_phrase', 'grams_in_name', 'views', 'created_at', 'id'].map((name) => `${column(name)} desc`).join(', '));
}

function publicWorkRow(row: RawPublicWorkRow): PublicWorkRow {
  return {
    uid: row.uid,
    type: row.type,
    name: row.name,
    description: row.description,
    coverKey: row.cover_key,
    views: Number(row.views),
    createdAt: new Date(row.created_at),
    ownerUid: row.owner_uid,
    ownerName: row.owner_name,
    ownerAvatarUrl: row.owner_avatar_url,
  };
}

function conditions(filter: PublicWorkFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [
    ne(works.status, 'unpublished'),
    isNull(works.deletedAt),
    filter.grams.length > 0 ? arrayContains(works.searchGrams, filter.grams) : undefined,
    ...filter.words.map((word) => sql`strpos(${works.searchText}, ${word}) > 0`),
    filter.type ? eq(works.type, filter.type) : undefined,
    sql`not exists (select 1 from ${users} where ${users.id} = ${works.ownerId} and ${users.disabledAt} is not null)`,
  ];
  return and(...parts);
}

/** A text[] parameter (a bare JS array would be spread into a row constructor). */
function sqlTextArray(values: readonly string[]): SQL {
  return sql`${`{${values.map((value) => `"${value.replace(/["\\]/g, (character) => `\\${character}`)}"`).join(',')}}`}::text[]`;
}
