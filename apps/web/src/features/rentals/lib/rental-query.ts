import { RENTAL_SORTS, type RentalSort } from '@spatia/contract';

/**
 * What /rentingHouse shows, as the address holds it
 * (`/rentingHouse?q=滨江&min=2000&max=6000&beds=2&sort=rentAsc&bbox=119.1,29.8,121.2,31.0&view=map&page=2`): filters,
 * the map's area when "search as I move" is on, the phone's list/map choice. Rent is whole yuan in the
 * address and fen on the wire. Kept in the address, they survive opening a listing and coming back.
 */
export interface RentalQuery {
  keyword: string;
  minRentYuan: number | undefined;
  maxRentYuan: number | undefined;
  minArea: number | undefined;
  maxArea: number | undefined;
  bedrooms: number | undefined;
  sort: RentalSort;
  page: number;
  /** The visible map when searching as it moves: west, south, east, north. */
  bbox: readonly [number, number, number, number] | undefined;
  /** The phone's view: the list or the map. */
  view: 'list' | 'map';
}

export const DEFAULT_RENTAL_QUERY: RentalQuery = {
  keyword: '',
  minRentYuan: undefined,
  maxRentYuan: undefined,
  minArea: undefined,
  maxArea: undefined,
  bedrooms: undefined,
  sort: 'newest',
  page: 1,
  bbox: undefined,
  view: 'list',
};

const isSort = (value: string | null): value is RentalSort => RENTAL_SORTS.includes(value as RentalSort);

function numberOf(value: string | null, { max, integer = false }: { max: number; integer?: boolean }): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > max) return undefined;
  if (integer && !Number.isInteger(number)) return undefined;
  return number;
}

function bboxOf(value: string | null): RentalQuery['bbox'] {
  if (!value) return undefined;
  const parts = value.split(',').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) return undefined;
  const [west, south, east, north] = parts as [number, number, number, number];
  if (Math.abs(south) > 90 || Math.abs(north) > 90 || south > north) return undefined;
  return [west, south, east, north];
}

/** The query an address holds; what it does not hold, or holds wrongly, is the default. */
export function readRentalQuery(params: URLSearchParams): RentalQuery {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    keyword: (params.get('q') ?? '').trim(),
    minRentYuan: numberOf(params.get('min'), { max: 1_000_000, integer: true }),
    maxRentYuan: numberOf(params.get('max'), { max: 1_000_000, integer: true }),
    minArea: numberOf(params.get('minArea'), { max: 100_000 }),
    maxArea: numberOf(params.get('maxArea'), { max: 100_000 }),
    bedrooms: numberOf(params.get('beds'), { max: 20, integer: true }),
    sort: isSort(sort) ? sort : DEFAULT_RENTAL_QUERY.sort,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
    bbox: bboxOf(params.get('bbox')),
    view: params.get('view') === 'map' ? 'map' : 'list',
  };
}

const round = (value: number) => String(Math.round(value * 10_000) / 10_000);

/** The address of a query: only what differs from the default, in a stable order. */
export function writeRentalQuery(query: RentalQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.keyword.trim()) params.set('q', query.keyword.trim());
  if (query.minRentYuan !== undefined) params.set('min', String(query.minRentYuan));
  if (query.maxRentYuan !== undefined) params.set('max', String(query.maxRentYuan));
  if (query.minArea !== undefined) params.set('minArea', String(query.minArea));
  if (query.maxArea !== undefined) params.set('maxArea', String(query.maxArea));
  if (query.bedrooms !== undefined) params.set('beds', String(query.bedrooms));
  if (query.sort !== DEFAULT_RENTAL_QUERY.sort) params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.bbox) params.set('bbox', query.bbox.map(round).join(','));
  if (query.view !== 'list') params.set('view', query.view);
  return params;
}

/** A change of what is searched starts again at the first page; a change of page or view keeps the rest. */
export function changeRentalQuery(query: RentalQuery, change: Partial<RentalQuery>): RentalQuery {
  const next = { ...query, ...change };
  const keepsPage = Object.keys(change).every((key) => key === 'page' || key === 'view');
  return keepsPage ? next : { ...next, page: 1 };
}

/** Whether the visitor narrowed the listing (an empty list then says "nothing matches"). */
export function isNarrowed(query: RentalQuery): boolean {
  return (
    query.keyword !== '' ||
    query.minRentYuan !== undefined ||
    query.maxRentYuan !== undefined ||
    query.minArea !== undefined ||
    query.maxArea !== undefined ||
    query.bedrooms !== undefined ||
    query.bbox !== undefined
  );
}

/** A range typed the wrong way round is swapped rather than refused. */
export function orderedRange(min: number | undefined, max: number | undefined): [number | undefined, number | undefined] {
  return min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
}
