import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { invalidateWorks } from '../../../api/work-keys';

const tagParams = (uid: string, tag: string) => ({ path: { uid, tag: tag.trim() } });

/** POST /model/{uid}/tag/{tag} (form, empty body): the work's tags after the change. */
export function addWorkTag(uid: string, tag: string): Promise<string[]> {
  return api.post('/model/{uid}/tag/{tag}', { params: tagParams(uid, tag), form: true });
}

/** DELETE /model/{uid}/tag/{tag}: the work's tags after the change. */
export function removeWorkTag(uid: string, tag: string): Promise<string[]> {
  return api.delete('/model/{uid}/tag/{tag}', { params: tagParams(uid, tag) });
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
