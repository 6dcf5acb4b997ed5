import { isWorkOnline, publicWorkStatus, type WorkAsset, type WorkDetail, type WorkOwner, type WorkSummary } from '@spatia/contract';
import { fileUrl } from '../uploads/index.js';
import type { WorkAssetRow, WorkRow, WorkSummaryRow } from './works.repository.js';

const UNKNOWN_OWNER: WorkOwner = { uid: '', name: '', avatarUrl: '' };

/**
 * Who a work is presented to: its owner or an admin (`manager`), or anyone else (`public`), who sees
 * what the public work page shows: no review, budget or transfer of someone else's.
 */
export type WorkView = 'manager' | 'public';

export function toWorkSummary(row: WorkSummaryRow, owner: WorkOwner | undefined, pendingTransfer: boolean, view: WorkView): WorkSummary {
  const summary: WorkSummary = {
    uid: row.uid,
    type: row.type,
    name: row.name,
    description: row.description,
    tags: row.tags,
    status: view === 'manager' ? row.status : publicWorkStatus(row.status),
    onLined: isWorkOnline(row.status),
    openInOfficial: row.openInOfficial,
    marketPrice: row.marketPrice,
    coverUrl: fileUrl(row.coverKey),
    version: row.version,
    owner: owner ?? UNKNOWN_OWNER,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    deletedAt: row.deletedAt?.getTime() ?? null,
  };
  return view === 'manager' ? { ...summary, budget: row.budget, pendingTransfer } : summary;
}

/** `url`: where the reader may fetch it (a signed link for a private file). */
export function toWorkAsset(row: WorkAssetRow, url: string): WorkAsset {
  return {
    id: row.id,
    kind: row.kind,
    url,
    fileName: row.fileName,
    size: row.size,
    contentType: row.contentType,
    sha256: row.sha256,
    createdAt: row.createdAt.getTime(),
  };
}

export function toWorkDetail(
  row: WorkRow,
  owner: WorkOwner | undefined,
  pendingTransfer: boolean,
  assets: WorkAsset[],
  view: WorkView,
): WorkDetail {
  const detail: WorkDetail = {
    ...toWorkSummary(row, owner, pendingTransfer, view),
    address: row.address,
    // The input rules keep these finite (lib/safe-input.ts); a value stored before them is shown as
    // unset rather than failing the answer for everyone.
    latitude: finiteOrNull(row.latitude),
    longitude: finiteOrNull(row.longitude),
    startTime: finiteOrNull(row.startTime?.getTime()),
    endTime: finiteOrNull(row.endTime?.getTime()),
    shopId: row.shopId,
    views: row.views,
    assets,
  };
  return view === 'manager' ? { ...detail, reviewNote: row.reviewNote } : detail;
}

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
