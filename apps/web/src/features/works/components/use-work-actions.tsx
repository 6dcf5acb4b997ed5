import { App, Button } from 'antd';
import { MODEL_BUDGET_DEFAULT_GB, type WorkSummary, ProcessingErrors, WorkErrors } from '@spatia/contract';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { useDeleteWork, useDeleteWorks } from '../api/delete-works';
import { useCopyWork, useResetWork, useSetWorkBudget } from '../api/maintain-work';
import { useDownloadOfflinePackage } from '../api/offline-package';
import { useActivateSolver } from '../api/processing';
import { useSetWorkInOfficial, useSetWorkOnline, useWorkReview } from '../api/publish-work';
import { useRestoreWorks } from '../api/recycle-bin';
import { useVerifyWork } from '../api/verify-work';
import { useDownloadOriginal, useExportLas } from '../api/work-files';
import { useTakeWorkOffMarket } from '../api/work-market';
import { MarketListingDialog } from './market-listing-dialog';
import type { WorkMenuAction } from '../lib/work-actions';
import { workPaths } from '../lib/work-paths';
import { OFFER_KINDS, OfferWorkDialog, type OfferKind } from './offer-work-dialog';
import { ShareDialog } from './share-dialog';
import { VerifyDialog, type VerifyState } from './verify-dialog';

/** The work to upload files to. */
export type UploadRequest = Pick<WorkSummary, 'uid' | 'type' | 'name'>;

export interface WorkActionsOptions {
  onChanged: () => void;
  onDeleted?: (uids: string[]) => void;
  /** Opens the edit drawer, which another feature owns. */
  onEdit: (uid: string) => void;
  /** Opens the upload drawer, which another feature owns. */
  onUpload: (work: UploadRequest) => void;
}

const UNDO_SECONDS = 8;
/** One undo message at a time: a newer delete replaces it, and restoring from the recycle bin takes it away. */
export const UNDO_MESSAGE_KEY = 'works-delete-undo';

/** Failed requests were already reported by the HTTP client with the server's message. */
const quietly = () => undefined;

/**
 * Runs the actions of the works menu: direct calls, confirmations for everything destructive, the
 * dialogs that ask for more (price, receiver, share), and the cheap undo after a delete.
 */
export function useWorkActions({ onChanged, onDeleted, onEdit, onUpload }: WorkActionsOptions) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [verifyState, setVerifyState] = useState<VerifyState | null>(null);
  const [offer, setOffer] = useState<{ kind: OfferKind; work: WorkSummary } | null>(null);
  const [shareTarget, setShareTarget] = useState<WorkSummary | null>(null);
  const [listing, setListing] = useState<WorkSummary | null>(null);

  const verify = useVerifyWork();
  const setOnline = useSetWorkOnline();
  const review = useWorkReview();
  const setInOfficial = useSetWorkInOfficial();
  const takeOffMarket = useTakeWorkOffMarket();
  const copy = useCopyWork();
  const reset = useResetWork();
  const setBudget = useSetWorkBudget();
  const deleteOne = useDeleteWork();
  const deleteMany = useDeleteWorks();
  const restore = useRestoreWorks();
  const activate = useActivateSolver();
  const offlineMessageKey = (uid: string) => `offline-package-${uid}`;
  const downloadOffline = useDownloadOfflinePackage();
  const exportLas = useExportLas();
  const downloadOriginal = useDownloadOriginal();

  const changed = (text: string) => {
    void message.success(text);
    onChanged();
  };

  const showChecklist = (work: WorkSummary) => verify.mutateAsync(work.uid).then((result) => setVerifyState({ work, result }), quietly);

  const undoDelete = async (works: readonly WorkSummary[]) => {
    try {
      await restore.mutateAsync(works.map((work) => work.uid));
    } catch {
      return;
    }
    changed(
      works.length === 1 ? t('works.done.restored', { name: works[0]!.name }) : t('works.done.restoredMany', { count: works.length }),
    );
  };

  /** After a delete: the message carries an Undo button that brings the works back from the recycle bin. */
  const announceDeleted = (works: readonly WorkSummary[]) => {
    const key = UNDO_MESSAGE_KEY;
    const text =
      works.length === 1 ? t('works.done.deleted', { name: works[0]!.name }) : t('works.done.deletedMany', { count: works.length });
    void message.open({
      key,
      type: 'success',
      duration: UNDO_SECONDS,
      content: (
        <span className="works-undo" data-testid="delete-undo-message">
          {text}
          <Button
            type="link"
            size="small"
            onClick={() => {
              message.destroy(key);
              void undoDelete(works);
            }}
            data-testid="delete-undo"
          >
            {t('works.done.undo')}
          </Button>
        </span>
      ),
    });
    onChanged();
  };

  /** Confirms, moves the works to the recycle bin (one call for one, the batch call for several), offers undo. */
  const confirmDelete = (works: readonly WorkSummary[]) => {
    if (works.length === 0) return;
    const single = works.length === 1 ? works[0]! : null;
    modal.confirm({
      title: single ? t('works.confirm.deleteTitle', { name: single.name }) : t('works.batch.confirmTitle', { count: works.length }),
      content: single ? t('works.confirm.deleteText') : t('works.batch.confirmText'),
      okText: t('works.actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        (single ? deleteOne.mutateAsync(single.uid) : deleteMany.mutateAsync(works.map((work) => work.uid))).then(() => {
          onDeleted?.(works.map((work) => work.uid));
          announceDeleted(works);
        }, quietly),
    });
  };

  const confirmThen = (options: { title: string; content: string; okText: string; danger?: boolean; run: () => Promise<unknown> }) => {
    modal.confirm({
      title: options.title,
      content: options.content,
      okText: options.okText,
      okButtonProps: { danger: options.danger ?? false },
      cancelText: t('common.actions.cancel'),
      onOk: () => options.run().catch(quietly),
    });
  };

  const publish = async (work: WorkSummary) => {
    try {
      await setOnline.mutateAsync({ uid: work.uid, onLined: true });
    } catch (error) {
      // Incomplete: the server said so; the checklist shows what is missing and how to add it.
      if (error instanceof ApiError && error.code === WorkErrors.workIncomplete.code) await showChecklist(work);
      return;
    }
    changed(t('works.done.published', { name: work.name }));
  };

  /** A short-lived link for the browser's own download, which streams the zip to disk and shows its progress. */
  const startOfflineDownload = (work: WorkSummary) => {
    const key = offlineMessageKey(work.uid);
    void message.open({ key, type: 'loading', duration: 0, content: t('works.offline.preparing', { name: work.name }) });
    downloadOffline.mutate(work.uid, {
      onSuccess: () => void message.open({ key, type: 'success', content: t('works.offline.started', { name: work.name }) }),
      // The server's message when it sent one (not processed, not yours); our words for a dropped connection.
      onError: (error) =>
        void message.open({ key, type: 'error', content: (error instanceof ApiError && error.message) || t('works.offline.failed') }),
    });
  };

  /** The LAS export streams like the offline package: a ticket first, then the browser's own download. */
  const startLasExport = (work: WorkSummary) => {
    const key = `las-export-${work.uid}`;
    void message.open({ key, type: 'loading', duration: 0, content: t('works.las.preparing', { name: work.name }) });
    exportLas.mutate(work.uid, {
      onSuccess: () => void message.open({ key, type: 'success', content: t('works.las.started', { name: work.name }) }),
      onError: (error) =>
        void message.open({ key, type: 'error', content: (error instanceof ApiError && error.message) || t('works.las.failed') }),
    });
  };

  const startOriginalDownload = (work: WorkSummary) =>
    downloadOriginal.mutate(work.uid, {
      onSuccess: (found) =>
        void (found
          ? message.success(t('works.original.started', { name: work.name }))
          : message.warning(t('works.original.none', { name: work.name }))),
    });

  const run = (action: WorkMenuAction, work: WorkSummary): void => {
    const { uid, name } = work;
    switch (action) {
      case 'process':
        void activate.mutateAsync(uid).then(
          () => void message.success(t('works.processing.queuedMessage')),
          // No original file (its upload still on its way, or deleted elsewhere): the checklist shows how to add it.
          (error: unknown) =>
            error instanceof ApiError && error.code === ProcessingErrors.processingNoOrigin.code ? showChecklist(work) : undefined,
        );
        return;
      case 'editTour':
        void navigate(workPaths.tourEditor(uid));
        return;
      case 'downloadOffline':
        startOfflineDownload(work);
        return;
      case 'exportLas':
        startLasExport(work);
        return;
      case 'downloadOriginal':
        startOriginalDownload(work);
        return;
      case 'openPublic':
        window.open(workPaths.publicPage(uid), '_blank', 'noopener');
        return;
      case 'edit':
        onEdit(uid);
        return;
      case 'upload':
        onUpload({ uid, type: work.type, name });
        return;
      case 'verify':
        void showChecklist(work);
        return;
      case 'publish':
        void publish(work);
        return;
      case 'unpublish':
        confirmThen({
          title: t('works.confirm.unpublishTitle', { name }),
          content: t('works.confirm.unpublishText'),
          okText: t('works.actions.unpublish'),
          danger: true,
          run: () => setOnline.mutateAsync({ uid, onLined: false }).then(() => changed(t('works.done.unpublished', { name }))),
        });
        return;
      case 'submitAudit':
      case 'withdrawAudit': {
        const submit = action === 'submitAudit';
        void review.mutateAsync({ uid, submit }).then(() => changed(t(submit ? 'works.done.submitted' : 'works.done.withdrawn')), quietly);
        return;
      }
      case 'showInOfficial':
      case 'hideFromOfficial': {
        const openInOfficial = action === 'showInOfficial';
        void setInOfficial
          .mutateAsync({ uid, openInOfficial })
          .then(() => changed(t(openInOfficial ? 'works.done.shownInOfficial' : 'works.done.hiddenFromOfficial')), quietly);
        return;
      }
      case 'putOnMarket':
        setListing(work);
        return;
      case 'takeOffMarket': {
        // A listing in review is withdrawn; one on the market taken off (buyers keep what they bought).
        const pending = work.marketPrice === null;
        confirmThen({
          title: t(pending ? 'works.confirm.withdrawListingTitle' : 'works.confirm.offMarketTitle', { name }),
          content: t(pending ? 'works.confirm.withdrawListingText' : 'works.confirm.offMarketText'),
          okText: t(pending ? 'works.actions.withdrawListing' : 'works.actions.takeOffMarket'),
          danger: true,
          run: () =>
            takeOffMarket.mutateAsync(uid).then(() => changed(t(pending ? 'works.done.listingWithdrawn' : 'works.done.offMarket'))),
        });
        return;
      }
      case 'sellTo':
        setOffer({ kind: 'sell', work });
        return;
      case 'distribute':
        setOffer({ kind: 'distribute', work });
        return;
      case 'share':
        setShareTarget(work);
        return;
      case 'copy':
        void copy.mutateAsync(uid).then((copied) => changed(t('works.done.copied', { name: copied.name })), quietly);
        return;
      case 'reset':
        confirmThen({
          title: t('works.confirm.resetTitle', { name }),
          // A panorama's tiles and tour edits go with the reset.
          content: work.type === 'panorama' ? t('works.confirm.resetTextPanorama') : t('works.confirm.resetText'),
          okText: t('works.actions.reset'),
          danger: true,
          run: () => reset.mutateAsync(uid).then(() => changed(t('works.done.reset', { name }))),
        });
        return;
      case 'budget':
        confirmThen({
          title: t('works.confirm.budgetTitle'),
          content: t('works.confirm.budgetText', { name, gb: MODEL_BUDGET_DEFAULT_GB, current: work.budget }),
          okText: t('works.confirm.budgetOk', { gb: MODEL_BUDGET_DEFAULT_GB }),
          run: () => setBudget.mutateAsync(uid).then(() => changed(t('works.done.budgetSet', { gb: MODEL_BUDGET_DEFAULT_GB }))),
        });
        return;
      case 'delete':
        confirmDelete([work]);
        return;
      default:
        action satisfies never;
    }
  };

  const dialogs: ReactNode = (
    <>
      <VerifyDialog state={verifyState} onClose={() => setVerifyState(null)} onAction={run} />
      {OFFER_KINDS.map((kind) => (
        // One dialog per kind, so that a closing one keeps its own fields while another opens.
        <OfferWorkDialog
          key={kind}
          kind={kind}
          work={offer?.kind === kind ? offer.work : null}
          onClose={() => setOffer(null)}
          onDone={onChanged}
        />
      ))}
      <MarketListingDialog work={listing} onClose={() => setListing(null)} onDone={onChanged} />
      <ShareDialog work={shareTarget} onClose={() => setShareTarget(null)} />
    </>
  );

  return { run, confirmDelete, dialogs };
}
