import type { WorkType } from '@spatia/contract';
import { fileUrl } from '../uploads/index.js';
import { keywordGrams, keywordWords, normalizeSearchText } from './search-grams.js';
import type { WorkSearchRepository } from './work-search.repository.js';

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

/** The site's search over works anyone may see, ranked (docs/search.md). */
export class WorkSearchService {
  constructor(private readonly repository: WorkSearchRepository) {}

  async search(query: PublicWorkSearch): Promise<{ list: PublicWorkHit[]; total: number; totalCapped: boolean }> {
    const filter = publicWorkFilter(query.keyword, query.type);
    if (filter.words.length === 0) return { list: [], total: 0, totalCapped: false };
    const [rows, counted] = await Promise.all([
      this.repository.search(filter, { limit: query.limit, offset: query.offset }),
      this.repository.count(filter, query.totalCap + 1),
    ]);
    return {
      list: rows.map((row) => ({
        uid: row.uid,
        type: row.type,
        name: row.name,
        description: row.description,
        coverUrl: fileUrl(row.coverKey),
        views: row.views,
        createdAt: row.createdAt.getTime(),
        author: { uid: row.ownerUid, name: row.ownerName, avatarUrl: row.ownerAvatarUrl },
      })),
      total: Math.min(counted, query.totalCap),
      totalCapped: counted > query.totalCap,
    };
  }

  /** The plan of a search's page, for the test that shows it goes through the gram index. */
  plan(keyword: string, type?: WorkType): Promise<string> {
    return this.repository.plan(publicWorkFilter(keyword, type), { limit: 12, offset: 0 });
  }
}

function publicWorkFilter(keyword: string, type: WorkType | undefined) {
  return { grams: keywordGrams(keyword), words: keywordWords(keyword), phrase: normalizeSearchText(keyword), type };
}
