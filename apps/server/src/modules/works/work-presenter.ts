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

export function toWorkDetail(
  row: WorkRow,
  owner: WorkOwner | undefined,
  pendingTransfer: boolean,
  assets: WorkAsset[],
): WorkDetail {
  return {
    ...toWorkSummary(row, owner, pendingTransfer),
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    startTime: row.startTime?.getTime() ?? null,
    endTime: row.endTime?.getTime() ?? null,
    shopId: row.shopId,
    reviewNote: row.reviewNote,
    views: row.views,
    assets,
  };
}
