/**
 * Works ("models" in the API): the statuses, the actions that move between them, the asset kinds
 * and what each accepts. The server enforces these; the console reads them to offer only the
 * actions a work's status allows. docs/work-lifecycle.md draws the same table.
 */
import type { IdentityBadge } from './identity.js';
import type { WorkProcessing } from './tours.js';
import { defineErrors } from './errors.js';
import workErrors from './works.errors.json' with { type: 'json' };

export const WORK_TYPES = ['panorama', 'model3d', 'pointcloud'] as const;
export type WorkType = (typeof WORK_TYPES)[number];

export const WORK_STATUSES = ['unpublished', 'published', 'unaudited', 'underReview', 'notPassed', 'passed', 'exposed'] as const;
export type WorkStatus = (typeof WORK_STATUSES)[number];

/** What a work's status changes through. `edit` is a change of name, description, cover or origin. */
export type WorkAction =
  | 'publish'
  | 'unpublish'
  | 'submitAudit'
  | 'withdrawAudit'
  | 'claimReview'
  | 'approve'
  | 'reject'
  | 'expose'
  | 'conceal'
  | 'edit'
  | 'reset';

export interface WorkTransition {
  from: readonly WorkStatus[];
  to: WorkStatus;
  /** Who may take it: the owner (an admin may act for any owner) or only a reviewer (admin). */
  by: 'owner' | 'reviewer';
}

const ONLINE: readonly WorkStatus[] = ['published', 'unaudited', 'underReview', 'notPassed', 'passed', 'exposed'];

export const WORK_TRANSITIONS: Record<WorkAction, WorkTransition> = {
  publish: { from: ['unpublished'], to: 'published', by: 'owner' },
  unpublish: { from: ONLINE, to: 'unpublished', by: 'owner' },
  submitAudit: { from: ['published', 'notPassed'], to: 'unaudited', by: 'owner' },
  withdrawAudit: { from: ['unaudited'], to: 'published', by: 'owner' },
  claimReview: { from: ['unaudited'], to: 'underReview', by: 'reviewer' },
  approve: { from: ['underReview'], to: 'passed', by: 'reviewer' },
  reject: { from: ['underReview'], to: 'notPassed', by: 'reviewer' },
  expose: { from: ['passed', 'exposed'], to: 'exposed', by: 'owner' },
  conceal: { from: ['exposed'], to: 'passed', by: 'owner' },
  // Changing what was reviewed sends an approved work back to published: it needs a new review.
  edit: { from: ['unpublished', 'published', 'notPassed', 'passed', 'exposed'], to: 'published', by: 'owner' },
  reset: { from: WORK_STATUSES, to: 'unpublished', by: 'owner' },
};

/** The status after `action`, or null when the action is not allowed from `status`. */
export function nextWorkStatus(status: WorkStatus, action: WorkAction): WorkStatus | null {
  const transition = WORK_TRANSITIONS[action];
  if (!transition.from.includes(status)) return null;
  // An edit keeps an unpublished or published work where it is.
  if (action === 'edit' && (status === 'unpublished' || status === 'published')) return status;
  return transition.to;
}

export function isWorkOnline(status: WorkStatus): boolean {
  return status !== 'unpublished';
}

/**
 * The status a reader who neither owns nor administers a work sees (docs/work-lifecycle.md): a review
 * under way or refused is the owner's business, so such an online work shows as published.
 */
export function publicWorkStatus(status: WorkStatus): WorkStatus {
  return status === 'unaudited' || status === 'underReview' || status === 'notPassed' ? 'published' : status;
}

/** The statuses whose online works such a reader finds under `status` (`publicWorkStatus` undone). */
export function statusesShownAs(status: WorkStatus): WorkStatus[] {
  return ONLINE.filter((candidate) => publicWorkStatus(candidate) === status);
}

/** A work waiting for or in review: what was submitted (texts, cover, origin) cannot change. */
export function isWorkInReview(status: WorkStatus): boolean {
  return status === 'unaudited' || status === 'underReview';
}

export const WORK_TAG_MAX_LENGTH = 12;
export const WORK_TAGS_MAX = 10;
export const WORK_ADDRESS_MAX = 100;
export const WORK_REMARK_MAX = 100;
export const WORK_BUDGET_MAX_GB = 100_000;
export const WORK_PAGE_SIZE_MAX = 100;
/** Works in the recycle bin are removed for good after this many days. */
export const RECYCLE_BIN_DAYS = 30;
/** How long a receiver has to answer a transfer unless the sender chooses otherwise. */
export const TRANSFER_RECEIPT_DAYS = 7;
/** Selling prices, in fen: at most ten million yuan. */
export const SELLING_PRICE_MAX_FEN = 1_000_000_000;

export const ASSET_KINDS = ['origin', 'cover', 'slr', 'coverVideo', 'music'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];

const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;

/** Content types by their bytes (see the server's file-signature module). */
export const AssetContentType = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  tiff: 'image/tiff',
  zip: 'application/zip',
  glb: 'model/gltf-binary',
  las: 'application/vnd.las',
  laz: 'application/vnd.laszip',
  ply: 'application/x-ply',
  e57: 'model/e57',
  /** XYZ/TXT point lists: lines of numbers (docs/pointcloud-format.md). */
  xyz: 'text/plain',
  mp4: 'video/mp4',
  quicktime: 'video/quicktime',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
} as const;

const T = AssetContentType;

/** What each asset kind accepts and up to what size; origins depend on the work's type. */
export function assetRule(kind: AssetKind, type: WorkType): { accept: string[]; maxBytes: number } {
  switch (kind) {
    case 'cover':
      return { accept: [T.jpeg, T.png, T.webp], maxBytes: 20 * MB };
    case 'coverVideo':
      return { accept: [T.mp4, T.quicktime, T.webm], maxBytes: 2 * GB };
    case 'music':
      return { accept: [T.mp3, T.m4a, T.ogg], maxBytes: 50 * MB };
    case 'slr':
      return { accept: [T.jpeg, T.png, T.tiff, T.zip], maxBytes: 4 * GB };
    case 'origin':
      switch (type) {
        case 'panorama':
          return { accept: [T.jpeg, T.png, T.webp, T.zip], maxBytes: 20 * GB };
        case 'model3d':
          return { accept: [T.glb, T.ply, T.zip], maxBytes: 20 * GB };
        case 'pointcloud':
          return { accept: [T.las, T.laz, T.ply, T.xyz, T.e57, T.zip], maxBytes: 50 * GB };
      }
  }
}

/** The asset kinds a work of a type takes: background music belongs to panorama tours only. */
export function assetKindsOf(type: WorkType): readonly AssetKind[] {
  return type === 'panorama' ? ASSET_KINDS : ASSET_KINDS.filter((kind) => kind !== 'music');
}

/**
 * Files only the work's owner and admins may read (through signed links): the uploads processing works
 * from, as uploaded. Everyone else sees a work without them; viewers read what processing derived.
 */
export const PRIVATE_ASSET_KINDS: readonly AssetKind[] = ['origin', 'slr'];
export const PUBLIC_ASSET_KINDS: readonly AssetKind[] = ASSET_KINDS.filter((kind) => !PRIVATE_ASSET_KINDS.includes(kind));

export function isPrivateAssetKind(kind: AssetKind): boolean {
  return PRIVATE_ASSET_KINDS.includes(kind);
}

/** Kinds a work holds one of (a new upload replaces the old); the others collect a list. */
export const SINGLE_ASSET_KINDS: readonly AssetKind[] = ['cover', 'coverVideo'];

export interface WorkAsset {
  id: number;
  kind: AssetKind;
  url: string;
  fileName: string;
  size: number;
  contentType: string;
  sha256: string;
  createdAt: number;
}

/** The newest original upload: processing converts that one, so it is the one to hand back. */
export function newestOrigin(assets: readonly WorkAsset[]): WorkAsset | null {
  let newest: WorkAsset | null = null;
  for (const asset of assets) {
    if (asset.kind === 'origin' && (!newest || asset.createdAt > newest.createdAt)) newest = asset;
  }
  return newest;
}

export interface WorkOwner {
  uid: string;
  name: string;
  avatarUrl: string;
  /** The owner's approved identities, on public answers (a work's page, a user's works, the showcase). */
  identities?: IdentityBadge[];
}

/** A work as the list shows it. */
export interface WorkSummary {
  uid: string;
  type: WorkType;
  name: string;
  description: string;
  tags: string[];
  status: WorkStatus;
  onLined: boolean;
  openInOfficial: boolean;
  /** Price on the market in fen, or null when not on the market. */
  marketPrice: number | null;
  /** GB a month; only in the answers of the owner and admins, as are `pendingTransfer` and `reviewNote`. */
  budget?: number;
  coverUrl: string;
  version: number;
  owner: WorkOwner;
  /** Set while a transfer of this work waits for its receiver. */
  pendingTransfer?: boolean;
  createdAt: number;
  updatedAt: number;
  /** Set only in the recycle bin. */
  deletedAt: number | null;
}

/** A work with everything the edit drawer needs. */
export interface WorkDetail extends WorkSummary {
  address: string;
  latitude: number | null;
  longitude: number | null;
  startTime: number | null;
  endTime: number | null;
  shopId: number | null;
  /** The reviewer's note to the owner. */
  reviewNote?: string;
  /** Opens of the public page. */
  views: number;
  assets: WorkAsset[];
}

/** A row of the reviewers' queue (`GET /api/audit/models`). */
export interface WorkReviewItem extends WorkSummary {
  /** When the work entered the queue. */
  submittedAt: number | null;
  /** The admin who claimed the review; only they may decide it. Null while it waits. */
  reviewer: WorkOwner | null;
}

export type VerifyItem = 'name' | 'cover' | 'origin';

export interface WorkVerification {
  complete: boolean;
  checklist: { item: VerifyItem; ok: boolean }[];
  /** Where the solver stands with the work's origins. */
  processing: WorkProcessing;
}

/** The answer of an upload-credentials call: a short-lived grant for one asset of one work. */
export interface AssetUploadGrant {
  /** The tus endpoint to create the upload at. */
  endpoint: string;
  /** Sent as the tus metadata `grant` when creating the upload. */
  grant: string;
  kind: AssetKind;
  accept: string[];
  maxBytes: number;
  expiresAt: number;
}

export interface WorkShare {
  url: string;
  embedCode: string;
}

export const TRANSFER_KINDS = ['distribute', 'sale'] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];
export const TRANSFER_STATUSES = ['pending', 'confirmed', 'rejected', 'withdrawn', 'expired'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** A receipt project (spec section 3): one hand-over of a work from a sender to a receiver. */
export interface WorkTransfer {
  id: number;
  kind: TransferKind;
  status: TransferStatus;
  work: { uid: string; name: string; type: WorkType; coverUrl: string };
  sender: WorkOwner;
  receiver: WorkOwner;
  /** In fen; 0 for a distribution. */
  price: number;
  remark: string;
  sentAt: number;
  /** The latest receipt time: unanswered by then, the transfer expires. */
  expiresAt: number;
  answeredAt: number | null;
}

/** Works and their review (the works module): 170x. */
export const WorkErrors = defineErrors(workErrors);
