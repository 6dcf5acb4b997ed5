import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LandingPage,
  LandingPageInput,
  Lead,
  LeadInput,
  LeadPage,
  PublicLandingPage,
  PublicShowcase,
  Showcase,
  ShowcaseInput,
  WorkSummary,
} from '@spatia/contract';
import { api, http } from '../../../api/client';
import { postImage } from '../../../api/post-image';
import { queryKeys } from '../../../api/query-keys';
import { startBrowserDownload } from '../../../lib/browser-download';
import { sessionQueryOptions } from '../../../lib/session-queries';

// ---- showcases ----

/** GET /c/showcases: the caller's showcases, newest first. */
export function useShowcases() {
  return useQuery({ ...sessionQueryOptions(queryKeys.brandPages.showcases(), () => api.get('/c/showcases')), retry: false });
}

/** A change to showcases or landing pages refreshes both lists (a landing page names its showcase). */
function useBrandPagesChange<Input, Result>(change: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.brandPages.all }),
  });
}

export const useSaveShowcase = () =>
  useBrandPagesChange(({ id, input }: { id?: string; input: ShowcaseInput }): Promise<Showcase> =>
    id ? api.put('/c/showcases/{id}', { params: { path: { id } }, body: input }) : api.post('/c/showcases', { body: input }),
  );

export const usePublishShowcase = () =>
  useBrandPagesChange(({ id, published }: { id: string; published: boolean }): Promise<Showcase> =>
    api.put('/c/showcases/{id}/published', { params: { path: { id } }, body: { published } }),
  );

export const useDeleteShowcase = () => useBrandPagesChange((id: string) => api.delete('/c/showcases/{id}', { params: { path: { id } } }));

/** POST /c/showcases/logo (multipart `file`): answers the stored logo's public url. */
export function uploadBrandLogo(file: Blob, onProgress?: (percent: number) => void): Promise<string> {
  return postImage('/c/showcases/logo', file, onProgress);
}

/** The caller's online works (up to 100, by keyword), for the showcase's and landing page's pickers. */
export function usePickableWorks(ownerUid: string, keyword: string) {
  return useQuery({
    ...sessionQueryOptions(queryKeys.brandPages.pickableWorks(ownerUid, keyword), async (): Promise<WorkSummary[]> => {
      const page = await api.get('/fe/client/{id}/models', {
        params: { path: { id: ownerUid }, query: { pageNum: 1, pageSize: 100, keyword: keyword.trim() || undefined } },
      });
      return page.list.filter((work) => work.onLined && work.deletedAt === null);
    }),
    enabled: ownerUid !== '',
    placeholderData: keepPreviousData,
  });
}

// ---- landing pages ----

export function useLandingPages() {
  return useQuery({ ...sessionQueryOptions(queryKeys.brandPages.landingPages(), () => api.get('/c/landingPages')), retry: false });
}

export const useSaveLandingPage = () =>
  useBrandPagesChange(({ id, input }: { id?: string; input: LandingPageInput }): Promise<LandingPage> =>
    id ? api.put('/c/landingPages/{id}', { params: { path: { id } }, body: input }) : api.post('/c/landingPages', { body: input }),
  );

export const usePublishLandingPage = () =>
  useBrandPagesChange(({ id, published }: { id: string; published: boolean }): Promise<LandingPage> =>
    api.put('/c/landingPages/{id}/published', { params: { path: { id } }, body: { published } }),
  );

export const useDeleteLandingPage = () =>
  useBrandPagesChange((id: string) => api.delete('/c/landingPages/{id}', { params: { path: { id } } }));

// ---- leads ----

export interface LeadFilter {
  landingPageId?: string;
  handled?: boolean;
  pageNum: number;
  pageSize: number;
}

export function useLeads(filter: LeadFilter) {
  return useQuery({
    ...sessionQueryOptions(queryKeys.brandPages.leads(filter), (): Promise<LeadPage> => api.get('/c/leads', { params: { query: filter } })),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const useMarkLeadHandled = () =>
  useBrandPagesChange(({ lead, handled }: { lead: Lead; handled: boolean }): Promise<{ handled: boolean }> =>
    api.put('/c/leads/{id}/handled', { params: { path: { id: lead.id } }, body: { handled } }),
  );

const BOM = '\uFEFF';

/** GET /c/leads/export with the session headers, then the browser saves it (Excel reads the BOM as UTF-8). */
export async function exportLeads(filter: Pick<LeadFilter, 'landingPageId' | 'handled'>): Promise<void> {
  const response = await http.get<string>('/c/leads/export', { params: filter });
  const blob = new Blob([BOM + String(response.data).replace(/^\uFEFF/, '')], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  startBrowserDownload(url, `leads-${new Date().toISOString().slice(0, 10)}.csv`);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// ---- public pages ----

/** GET /open/showcases/{id}: a published showcase (404 once unpublished: the page shows “not available”). */
export function usePublicShowcase(id: string) {
  return useQuery({
    queryKey: queryKeys.brandPages.publicShowcase(id),
    queryFn: (): Promise<PublicShowcase> => api.get('/open/showcases/{id}', { params: { path: { id } }, silent: true }),
    retry: false,
  });
}

export function usePublicLandingPage(id: string) {
  return useQuery({
    queryKey: queryKeys.brandPages.publicLandingPage(id),
    queryFn: (): Promise<PublicLandingPage> => api.get('/open/landingPages/{id}', { params: { path: { id } }, silent: true }),
    retry: false,
  });
}

/** POST /open/landingPages/{id}/leads: the visitor's entry (the server's message shows on refusal). */
export function useSubmitLead(id: string) {
  return useMutation({
    mutationFn: (input: LeadInput) => api.post('/open/landingPages/{id}/leads', { params: { path: { id } }, body: input }),
  });
}
