export type { AssetKind, WorkOwner, TransferKind, TransferStatus, WorkAsset, WorkDetail, WorkTransfer, WorkType } from '@spatia/contract';

/** Which end of a transfer the page shows: the receiver's "awaiting receipt" or the sender's "shipped". */
export type TransferSide = 'received' | 'sent';
