import type { WorkType } from '@spatia/contract';
import type { Cache } from '../../lib/cache.js';
import { fileUrl } from '../uploads/index.js';
import { keywordGrams, keywordWords, normalizeSearchText } from './search-grams.js';
import type { PublicWorkFilter, PublicWorkRow, WorkSearchRepository } from './work-search.repository.js';

/** A work as the site's search shows it to anyone: only what its public page shows too. */
export interface PublicWorkHit {
  uid: string;
  type: WorkType;
  name: string;
  description: string;
  coverUrl: string;
  views: number;
  /** Epoch ms. */
  createdAt: number;
  author: { uid: string; name: string; avatarUrl: string };
}

export interface PublicWorkSearch {
  keyword: string;
  type?: WorkType;
  offset: number;
  /** 0: only the total. */
  limit: number;
  /** Counting stops here (`totalCapped` then says there are more). */
  totalCap: number;
}

/**
 * How long the ranking of a broad keyword (more matches than are ever shown) is kept. Within it a work's
 * rank does not follow its views, and a new match joins the ranking only after it; a match taken offline,
 * into the recycle bin or renamed shows so at once, as every page is read afresh.
 */
export const RANKING_TTL_SECONDS = 60;

/**
 * The site's search over works anyone may see, ranked (docs/search.md). Ranking a keyword reads every
 * match, so a broad keyword's ranking (its first `totalCap` ids) is computed once, kept, and its pages read
 * from it by id; a narrower keyword is ranked afresh, its page and count in two statements.
 */
export class WorkSearchService {
  /** Rankings being computed in this process: concurrent first searches of a keyword wait for one. */
  private readonly ranking = new Map<string, Promise<number[]>>();

  constructor(
    private readonly repository: WorkSearchRepository,
    private readonly cache: Cache,
  ) {}

  async search(query: PublicWorkSearch): Promise<{ list: PublicWorkHit[]; total: number; totalCapped: boolean }> {
    const filter = publicWorkFilter(query.keyword, query.type);
    if (filter.words.length === 0) return { list: [], total: 0, totalCapped: false };
    const key = `works:ranking:${JSON.stringify([filter.phrase, filter.type ?? '', query.totalCap])}`;
    const kept = await this.cache.get<number[]>(key);
    if (kept) return this.pageOfRanking(kept, query);
    const counted = await this.repository.count(filter, query.totalCap + 1);
    if (counted > query.totalCap) return this.pageOfRanking(await this.rank(key, filter, query.totalCap), query);
    const rows = await this.repository.search(filter, { limit: query.limit, offset: query.offset });
    return { list: rows.map(publicWorkHit), total: counted, totalCapped: false };
  }

  /** The plan of a search's page, for the test that shows it goes through the gram index. */
  plan(keyword: string, type?: WorkType): Promise<string> {
    return this.repository.plan(publicWorkFilter(keyword, type), { limit: 12, offset: 0 });
  }

  private async pageOfRanking(ids: number[], query: PublicWorkSearch) {
    const rows = query.limit === 0 ? [] : await this.repository.visibleByIds(ids.slice(query.offset, query.offset + query.limit));
    return { list: rows.map(publicWorkHit), total: query.totalCap, totalCapped: true };
  }

  private rank(key: string, filter: PublicWorkFilter, totalCap: number): Promise<number[]> {
    let ranking = this.ranking.get(key);
    if (!ranking) {
      // Another search may have kept it while this one counted.
      ranking = this.cache.get<number[]>(key).then(async (kept) => {
        if (kept) return kept;
        const ids = await this.repository.rankedIds(filter, totalCap);
        await this.cache.set(key, ids, RANKING_TTL_SECONDS);
        return ids;
      });
      ranking.finally(() => this.ranking.delete(key)).catch(() => undefined);
      this.ranking.set(key, ranking);
    }
    return ranking;
  }
}

function publicWorkHit(row: PublicWorkRow): PublicWorkHit {
  return {
    uid: row.uid,
    type: row.type,
    name: row.name,
    description: row.description,
    coverUrl: fileUrl(row.coverKey),
    views: row.views,
    createdAt: row.createdAt.getTime(),
    author: { uid: row.ownerUid, name: row.ownerName, avatarUrl: row.ownerAvatarUrl },
  };
}

function publicWorkFilter(keyword: string, type: WorkType | undefined): PublicWorkFilter {
  return { grams: keywordGrams(keyword), words: keywordWords(keyword), phrase: normalizeSearchText(keyword), type };
}
