import { api } from '../../../api/client';
import { useWorksMutation } from '../../../api/work-keys';

/** DELETE /model/{id}: into the recycle bin. */
export async function deleteWork(uid: string): Promise<void> {
  await api.delete('/model/{id}', { params: { path: { id: uid } } });
}

/**
 * DELETE /model/batchDeleteLogically {modelUids: [...]}: all go to the recycle bin, or none does. The
 * list goes in a JSON body: the server's validation turns a comma-separated query value into a
 * one-element list (array coercion), so `?modelUids=a,b` only works for a single uid.
 */
export async function deleteWorks(uids: readonly string[]): Promise<number> {
  const { deleted } = await api.delete('/model/batchDeleteLogically', { body: { modelUids: [...uids] } });
  return deleted;
}

export function useDeleteWork() {
  return useWorksMutation(deleteWork);
}

export function useDeleteWorks() {
  return useWorksMutation(deleteWorks);
}
