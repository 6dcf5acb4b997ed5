import { MARKET_SORTS, parseYuanToFen, WORK_TYPES, type MarketSort, type WorkType } from '@spatia/contract';

/**
 * What the market shows, as the address holds it (`/market?q=客厅&type=model3d&min=10&max=99.5&sort=priceAsc&page=2`),
 * so a reload or a shared link shows the same grid. Prices are yuan as typed (at most two decimals); the
 * server is asked in fen.
 */
export interface MarketQuery {
  keyword: string;
  type: WorkType | undefined;
  minYuan: string | undefined;
  maxYuan: string | undefined;
  sort: MarketSort;
  page: number;
}

export const DEFAULT_MARKET_QUERY: MarketQuery = {
  keyword: '',
  type: undefined,
  minYuan: undefined,
  maxYuan: undefined,
  sort: 'newest',
  page: 1,
};

const isWorkType = (value: string | null): value is WorkType => WORK_TYPES.includes(value as WorkType);
const isSort = (value: string | null): value is MarketSort => MARKET_SORTS.includes(value as MarketSort);

/** A price bound from the address: kept only when it reads as yuan; anything else is dropped, not guessed at. */
function priceOf(value: string | null): string | undefined {
  if (value === null) return undefined;
  const fen = parseYuanToFen(value);
  return fen === null ? undefined : value.trim();
}

/** The query an address holds; what it does not hold, or holds wrongly, is the default. */
export function readMarketQuery(params: URLSearchParams): MarketQuery {
  const type = params.get('type');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    keyword: (params.get('q') ?? '').trim(),
    type: isWorkType(type) ? type : undefined,
    minYuan: priceOf(params.get('min')),
    maxYuan: priceOf(params.get('max')),
    sort: isSort(sort) ? sort : DEFAULT_MARKET_QUERY.sort,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/** The address of a query: only what differs from the default, in a stable order. */
export function writeMarketQuery(query: MarketQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.keyword.trim()) params.set('q', query.keyword.trim());
  if (query.type) params.set('type', query.type);
  if (query.minYuan !== undefined) params.set('min', query.minYuan);
  if (query.maxYuan !== undefined) params.set('max', query.maxYuan);
  if (query.sort !== DEFAULT_MARKET_QUERY.sort) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/** A change of what is searched starts again at the first page; a change of page keeps the rest. */
export function changeMarketQuery(query: MarketQuery, change: Partial<MarketQuery>): MarketQuery {
  const next = { ...query, ...change };
  const onlyPage = Object.keys(change).every((key) => key === 'page');
  return onlyPage ? next : { ...next, page: 1 };
}

/** Whether the person narrowed the market (an empty grid then says "nothing matches", not "nothing listed"). */
export function isNarrowed(query: MarketQuery): boolean {
  return query.keyword !== '' || query.type !== undefined || query.minYuan !== undefined || query.maxYuan !== undefined;
}

/** The price range in fen, the lower and upper bound swapped when typed the wrong way round. */
export function priceRangeFen(query: Pick<MarketQuery, 'minYuan' | 'maxYuan'>): { minFen?: number; maxFen?: number } {
  const min = query.minYuan === undefined ? null : parseYuanToFen(query.minYuan);
  const max = query.maxYuan === undefined ? null : parseYuanToFen(query.maxYuan);
  if (min !== null && max !== null && min > max) return { minFen: max, maxFen: min };
  return { ...(min !== null ? { minFen: min } : {}), ...(max !== null ? { maxFen: max } : {}) };
}
