import type { Page, WorkSummary, WorkType } from '@spatia/contract';
import { api } from '../../../api/client';

/**
 * GET /showcase: the public works the desktop site shows (approved works their owners show in the official
 * showcase, most recently changed first), one page. The phone lists read the same answer.
 */
export function getPublicWorks(pageNum: number, pageSize: number): Promise<Page<WorkSummary>> {
  // Silent: the list shows its own failure and retry.
  return api.get('/showcase', { params: { query: { pageNum, pageSize } }, silent: true });
}

/** How many works of the showcase one look reads when only one type is wanted (the server's largest page). */
const SCAN_SIZE = 100;

/**
 * A loader of one type's public works for PullList: the showcase has no type filter, so each list page reads
 * the showcase in order, in pages of SCAN_SIZE, from the work after the previous list page's last one, until it
 * has `pageSize` works of the type or the showcase ends. The list's total is exact once the end is reached, and one more than what it
 * holds before that (so the list asks for more). One loader per type, kept for the visit: it remembers where
 * each page starts (a list shown again from the cache asks for its next page where it stopped).
 */
export function publicWorksOfType(type: WorkType): PageLoader {
  let loader = loaders.get(type);
  if (!loader) {
    loader = typedLoader(type);
    loaders.set(type, loader);
  }
  return loader;
}

/** What a phone list asks of its source (the shell's PullList `load`). */
export type PageLoader = (pageNum: number, pageSize: number) => Promise<{ list: WorkSummary[]; total: number }>;
const loaders = new Map<WorkType, PageLoader>();

function typedLoader(type: WorkType): PageLoader {
  /** Where list page n starts: a position in the showcase. And how many works each list page held. */
  const starts = new Map<number, number>([[1, 0]]);
  const counts = new Map<number, number>();
  return async (pageNum, pageSize) => {
    let position = starts.get(pageNum) ?? 0;
    const list: WorkSummary[] = [];
    let ended = false;
    while (list.length < pageSize && !ended) {
      const page = await getPublicWorks(Math.floor(position / SCAN_SIZE) + 1, SCAN_SIZE);
      const offset = position % SCAN_SIZE;
      for (const work of page.list.slice(offset)) {
        position += 1;
        if (work.type === type) list.push(work);
        if (list.length === pageSize) break;
      }
      // The showcase ends here, or shrank under us (the remaining positions are gone).
      ended = position >= page.total || page.list.length <= offset;
      if (page.list.length <= offset) position = Math.max(position, page.total);
    }
    starts.set(pageNum + 1, position);
    counts.set(pageNum, list.length);
    let before = 0;
    for (let page = 1; page < pageNum; page += 1) before += counts.get(page) ?? 0;
    return { list, total: before + list.length + (ended ? 0 : 1) };
  };
}
