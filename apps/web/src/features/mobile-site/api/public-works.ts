import type { Page, WorkSummary, WorkType } from '@spatia/contract';
import { api } from '../../../api/client';

/**
 * GET /showcase: the public works the desktop site shows (approved works their owners show in the official
 * showcase, most recently changed first), one page; only those of `type` when given (the category lists).
 */
export function getPublicWorks(pageNum: number, pageSize: number, type?: WorkType): Promise<Page<WorkSummary>> {
  // Silent: the list shows its own failure and retry.
  return api.get('/showcase', { params: { query: { pageNum, pageSize, type } }, silent: true });
}

/** What a phone list asks of its source (the shell's PullList `load`). */
export type PageLoader = (pageNum: number, pageSize: number) => Promise<{ list: WorkSummary[]; total: number }>;
