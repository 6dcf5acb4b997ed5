import { isWorkOnline, type WorkAsset, type WorkDetail, type WorkOwner, type WorkSummary } from '@spatia/contract';
import { fileUrl } from '../uploads/file-urls.js';
import type { WorkAssetRow, WorkRow, WorkSummaryRow } from './works.repository.js';

const UNKNOWN_OWNER: WorkOwner = { uid: '', name: '', avatarUrl: '' };

export function toWorkSummary(row: WorkSummaryRow, owner: WorkOwner | undefined, pendingTransfer: boolean): WorkSummary {
  return {
    uid: row.uid,
    type: row.type,
    name: row.name,
    description: row.description,
    tags: row.tags,
    status: row.status,
    onLined: isWorkOnline(row.status),
    openInOfficial: row.openInOfficial,
    marketPrice: row.marketPrice,
    budget: row.budget,
    coverUrl: fileUrl(row.coverKey),
    version: row.version,
    owner: owner ?? UNKNOWN_OWNER,
    pendingTransfer,
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
    deletedAt: row.deletedAt?.getTime() ?? null,
  };
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

export function toWorkDetail(row: WorkRow, owner: WorkOwner | undefined, pendingTransfer: boolean, assets: WorkAsset[]): WorkDetail {
  return {
    ...toWorkSummary(row, owner, pendingTransfer),
    address: row.address,
    // The input rules keep these finite (lib/safe-input.ts); a value stored before them is shown as
    // unset rather than failing the answer for everyone.
    latitude: finiteOrNull(row.latitude),
    longitude: finiteOrNull(row.longitude),
    startTime: finiteOrNull(row.startTime?.getTime()),
    endTime: finiteOrNull(row.endTime?.getTime()),
    shopId: row.shopId,
    reviewNote: row.reviewNote,
    views: row.views,
    assets,
  };
}

function finiteOrNull(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
