import { useQuery } from '@tanstack/react-query';
import type { SitePageContent, SitePageEditorState, SitePageKind, SitePageSummary } from '@spatia/contract';
import { api } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { sessionQueryOptions } from '../../../lib/session-queries';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';

/** GET /admin/sitePages: every page with its live version, draft and last change. */
export function getSitePageSummaries(): Promise<SitePageSummary[]> {
  return api.get('/admin/sitePages');
}

export function useSitePageSummaries() {
  return useQuery(sessionQueryOptions(queryKeys.sitePages.admin(), getSitePageSummaries));
}

/** GET /admin/sitePages/{kind}: the live content, the draft and the history. */
export async function getSitePageEditor(kind: SitePageKind): Promise<SitePageEditorState> {
  return api.get('/admin/sitePages/{kind}', { params: { path: { kind } } });
}

export function useSitePageEditor(kind: SitePageKind) {
  return useQuery(sessionQueryOptions(queryKeys.sitePages.editor(kind), () => getSitePageEditor(kind)));
}

/** GET /admin/sitePages/{kind}/versions/{version}: a published version's content. */
export async function getSitePageVersion(kind: SitePageKind, version: number): Promise<SitePageContent> {
  const answer = await api.get('/admin/sitePages/{kind}/versions/{version}', { params: { path: { kind, version } } });
  return answer.content;
}

export function useSitePageVersion(kind: SitePageKind, version: number | undefined) {
  return useQuery({
    ...sessionQueryOptions(queryKeys.sitePages.version(kind, version ?? 0), () => getSitePageVersion(kind, version!)),
    enabled: version !== undefined,
  });
}

interface DraftInput {
  kind: SitePageKind;
  content: SitePageContent;
  draftVersion: number | null;
}

async function saveDraft({ kind, content, draftVersion }: DraftInput): Promise<SitePageEditorState> {
  return api.put('/admin/sitePages/{kind}/draft', {
    params: { path: { kind } },
    body: { content: { ...content }, draftVersion },
  });
}

async function publishDraft({ kind, draftVersion }: { kind: SitePageKind; draftVersion: number }): Promise<SitePageEditorState> {
  return api.post('/admin/sitePages/{kind}/publish', { params: { path: { kind } }, body: { draftVersion } });
}

async function restoreVersion({ kind, version }: { kind: SitePageKind; version: number }): Promise<SitePageEditorState> {
  return api.post('/admin/sitePages/{kind}/versions/{version}/restore', {
    params: { path: { kind, version } },
  });
}

async function discardDraft(kind: SitePageKind): Promise<SitePageEditorState> {
  return api.delete('/admin/sitePages/{kind}/draft', { params: { path: { kind } } });
}

// Every change refreshes the editor, the list and the live pages the site shows.
const useSitePagesMutation = <Input, Output>(mutationFn: (input: Input) => Promise<Output>) =>
  useRefreshingMutation(mutationFn, [queryKeys.sitePages.all]);

export const useSaveDraft = () => useSitePagesMutation(saveDraft);
export const usePublishDraft = () => useSitePagesMutation(publishDraft);
export const useRestoreVersion = () => useSitePagesMutation(restoreVersion);
export const useDiscardDraft = () => useSitePagesMutation(discardDraft);
