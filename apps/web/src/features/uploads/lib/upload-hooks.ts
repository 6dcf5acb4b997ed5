import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { AssetKind, WorkType } from '@spatia/contract';
import { invalidateWorks } from '../../../api/work-keys';
import { workUploads, type UploadItem, type UploadSuccess, type WorkUploads } from './upload-queue';
import {
  belongsToFile,
  browserStorage,
  discardStoredUpload,
  listStoredUploads,
  probeStoredUpload,
  type StoredUpload,
} from './upload-resume';

const invalidating = new WeakSet<WorkUploads>();

/**
 * The upload queue of a work and its items, re-rendered as bytes flow. Finished uploads refresh
 * every works query (lists and the open work), also when the component that started them is gone.
 */
export function useWorkUploads(uid: string, workType: WorkType, onUploaded?: (success: UploadSuccess) => void) {
  const queryClient = useQueryClient();
  const uploads = useMemo(() => workUploads(uid, workType), [uid, workType]);
  const items = useSyncExternalStore(uploads.subscribe, uploads.getSnapshot);

  useEffect(() => {
    if (invalidating.has(uploads)) return;
    invalidating.add(uploads);
    uploads.onUploaded(() => void invalidateWorks(queryClient));
  }, [uploads, queryClient]);

  useEffect(() => {
    if (!onUploaded) return;
    return uploads.onUploaded(onUploaded);
  }, [uploads, onUploaded]);

  return { uploads, items };
}

export interface InterruptedUpload extends StoredUpload {
  /** Bytes the server holds; undefined while asking, null when it could not tell. */
  bytesOnServer: number | null | undefined;
}

/**
 * Uploads of a kind that a reload (or a closed tab) interrupted: remembered by tus-js-client, not in
 * this page's queue. Picking the same file again continues them; the server's offset is asked once.
 */
export function useInterruptedUploads(uid: string, kind: AssetKind, items: readonly UploadItem[]) {
  const [entries, setEntries] = useState<InterruptedUpload[]>([]);
  const [version, setVersion] = useState(0);
  const queuedIds = items.map((item) => item.id).join('\n');

  useEffect(() => {
    const storage = browserStorage();
    if (!storage) return;
    const queued = queuedIds ? queuedIds.split('\n') : [];
    const stored = listStoredUploads(storage, uid, kind).filter((entry) => !queued.some((id) => belongsToFile(entry, id)));
    let cancelled = false;
    setEntries(stored.map((entry) => ({ ...entry, bytesOnServer: undefined })));
    for (const entry of stored) {
      probeStoredUpload(entry).then(
        (offset) => {
          if (cancelled) return;
          if (offset === null) {
            // The server no longer has it (finished, expired or discarded): forget it here too.
            storage.removeItem(entry.key);
            setEntries((current) => current.filter((candidate) => candidate.key !== entry.key));
            return;
          }
          setEntries((current) =>
            current.map((candidate) => (candidate.key === entry.key ? { ...candidate, bytesOnServer: offset } : candidate)),
          );
        },
        () => {
          if (!cancelled)
            setEntries((current) =>
              current.map((candidate) => (candidate.key === entry.key ? { ...candidate, bytesOnServer: null } : candidate)),
            );
        },
      );
    }
    return () => {
      cancelled = true;
    };
  }, [uid, kind, queuedIds, version]);

  const discard = useCallback(async (entry: StoredUpload) => {
    const storage = browserStorage();
    if (!storage) return;
    await discardStoredUpload(storage, entry).catch(() => undefined);
    setVersion((value) => value + 1);
  }, []);

  return { interrupted: entries, discard };
}
