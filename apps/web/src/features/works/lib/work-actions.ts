import { isWorkOnline, nextWorkStatus, type MarketListingStatus, type WorkStatus, type WorkSummary } from '@spatia/contract';
import { hasProcessedOutput, hasTour, isProcessingActive, type ProcessingSubject } from './processing-display';

/** What a person can do to one of their works from the dashboard's actions menu, in menu order. */
export const WORK_MENU_ACTIONS = [
  'edit',
  'upload',
  'verify',
  'process',
  'editTour',
  'downloadOffline',
  'exportLas',
  'downloadOriginal',
  'openPublic',
  'publish',
  'unpublish',
  'submitAudit',
  'withdrawAudit',
  'showInOfficial',
  'hideFromOfficial',
  'putOnMarket',
  'takeOffMarket',
  'sellTo',
  'distribute',
  'share',
  'copy',
  'reset',
  'budget',
  'delete',
] as const;
export type WorkMenuAction = (typeof WORK_MENU_ACTIONS)[number];

/** Why an offered action cannot be taken right now. */
export type WorkActionBlock = 'pendingTransfer' | 'notOnline' | 'processing' | 'noOrigin';

export interface OfferedWorkAction {
  action: WorkMenuAction;
  /** Set when the action is shown but cannot be taken yet. */
  blockedBy?: WorkActionBlock;
}

export type WorkActionSubject = Pick<WorkSummary, 'type' | 'status' | 'openInOfficial' | 'marketPrice' | 'pendingTransfer'> & {
  /** The state of the work's latest market listing, once known (`lib/market-listing.ts` marketStateOf); else its `marketPrice` says. */
  market?: MarketListingStatus | null;
};

/** A listing waiting for review or on the market: it can be taken off, and the work cannot be listed again meanwhile. */
function isListed(work: WorkActionSubject): boolean {
  const state = work.market === undefined ? (work.marketPrice === null ? null : 'onMarket') : work.market;
  return state === 'pending' || state === 'onMarket';
}

/** Actions that hand the work over, price it or remove it: the server refuses them while a transfer waits (1703). */
const LOCKED_BY_TRANSFER: ReadonlySet<WorkMenuAction> = new Set(['putOnMarket', 'sellTo', 'distribute', 'reset', 'delete']);

const allows = (status: WorkStatus, action: Parameters<typeof nextWorkStatus>[1]) => nextWorkStatus(status, action) !== null;

/**
 * Whether the contract's transition table (and the work's flags) let the menu offer `action` at all.
 * `processing` is the work's processing once known (every type is processed).
 */
function isOffered(work: WorkActionSubject, action: WorkMenuAction, processing: ProcessingSubject | undefined): boolean {
  const { status } = work;
  switch (action) {
    case 'process':
      return processing !== undefined;
    case 'editTour':
    case 'downloadOffline':
      // What the last successful run published stays there while another run goes on.
      return work.type === 'panorama' && hasTour(processing);
    case 'openPublic':
      return hasProcessedOutput(work.type, processing);
    case 'exportLas':
      return work.type === 'pointcloud' && hasProcessedOutput(work.type, processing);
    case 'downloadOriginal':
      // A panorama's originals are many pictures, listed in the edit drawer; a model or a cloud is one upload.
      return work.type !== 'panorama';
    case 'edit':
    case 'upload':
      // Changing what reviewers look at is refused while a review waits or runs.
      return allows(status, 'edit');
    case 'verify':
    case 'sellTo':
    case 'distribute':
    case 'share':
    case 'copy':
    case 'budget':
    case 'delete':
      return true;
    case 'publish':
      return allows(status, 'publish');
    case 'unpublish':
      return allows(status, 'unpublish');
    case 'submitAudit':
      return allows(status, 'submitAudit');
    case 'withdrawAudit':
      return allows(status, 'withdrawAudit');
    case 'showInOfficial':
      return !work.openInOfficial && allows(status, 'expose');
    case 'hideFromOfficial':
      return work.openInOfficial;
    case 'putOnMarket':
      return !isListed(work) && allows(status, 'expose');
    case 'takeOffMarket':
      return isListed(work);
    case 'reset':
      // A draft is already what a reset makes of a work.
      return status !== 'unpublished' && allows(status, 'reset');
  }
}

function blockOf(work: WorkActionSubject, action: WorkMenuAction, processing: ProcessingSubject | undefined): WorkActionBlock | undefined {
  if (action === 'process' && isProcessingActive(processing?.state)) return 'processing';
  // The server refuses a start without an original file (1910): say so before, as the checklist does.
  if (action === 'process' && processing && !processing.hasOrigin) return 'noOrigin';
  if (work.pendingTransfer && LOCKED_BY_TRANSFER.has(action)) return 'pendingTransfer';
  if (action === 'share' && !isWorkOnline(work.status)) return 'notOnline';
  return undefined;
}

/**
 * The actions the menu shows for `work`, each possibly blocked (shown disabled, with the reason).
 * Pass `processing` once it is known: it adds processing and what the processed work offers (tour, LAS).
 */
export function offeredWorkActions(work: WorkActionSubject, processing?: ProcessingSubject): OfferedWorkAction[] {
  return WORK_MENU_ACTIONS.filter((action) => isOffered(work, action, processing)).map((action) => {
    const blockedBy = blockOf(work, action, processing);
    return blockedBy ? { action, blockedBy } : { action };
  });
}

/** Whether a batch delete of these works can go through: the server refuses all of them if one is being handed over. */
export function canDeleteAll(works: readonly Pick<WorkSummary, 'pendingTransfer'>[]): boolean {
  return works.length > 0 && works.every((work) => !work.pendingTransfer);
}
