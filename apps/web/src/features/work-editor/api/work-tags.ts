import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FORM_HEADERS, request } from '../../../api/client';
import { invalidateWorks } from '../../../api/work-keys';

function tagUrl(uid: string, tag: string): string {
  return `/model/${encodeURIComponent(uid)}/tag/${encodeURIComponent(tag.trim())}`;
}

/** POST /model/{uid}/tag/{tag} (form, empty body): the work's tags after the change. */
export function addWorkTag(uid: string, tag: string): Promise<string[]> {
  return request<string[]>({
    url: tagUrl(uid, tag),
    method: 'POST',
    data: new URLSearchParams(),
    headers: FORM_HEADERS,
  });
}

/** DELETE /model/{uid}/tag/{tag}: the work's tags after the change. */
export function removeWorkTag(uid: string, tag: string): Promise<string[]> {
  return request<string[]>({ url: tagUrl(uid, tag), method: 'DELETE' });
}

/** One tag at a time, for screens that change tags on the spot (the edit drawer saves them with the form). */
export function useWorkTag(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tag, action }: { tag: string; action: 'add' | 'remove' }) =>
      action === 'add' ? addWorkTag(uid, tag) : removeWorkTag(uid, tag),
    onSettled: () => invalidateWorks(queryClient),
  });
}
