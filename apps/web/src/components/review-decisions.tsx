import { App, Typography, type TableColumnType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRetained } from '../lib/use-retained';
import { actionsColumn } from './actions-column';
import { ReasonDialog } from './reason-dialog';
import { ReviewActions } from './review-actions';
import { formatDate } from '../lib/format';
import './review-decisions.css';

/** A rejection of an item of a review queue, with the reason the applicant is shown. */
export interface Rejection {
  id: number;
  reason: string;
}

interface ReviewDecisionsOptions<Item extends { id: number }> {
  /**
   * Where the queue's texts live: `{keyPrefix}.approve`, `.reject`, `.approveTitle`, `.approved`,
   * `.reasonLabel`, `.reasonRequired` and `.rejected`.
   */
  keyPrefix: string;
  approveContent: (item: Item) => string;
  rejectTitle: (item: Item) => string;
  approve: { mutateAsync: (id: number) => Promise<unknown> };
  reject: {
    mutate: (input: Rejection, options: { onSuccess: () => void }) => void;
    isPending: boolean;
  };
  reasonMaxLength: number;
  /** `{testId}-approve` and `{testId}-reject` name the two buttons. */
  testId: string;
  reasonTestId: string;
  /** Why the signed-in admin may not approve this item (undefined: they may); the button is disabled with it as a tooltip. */
  approveBlocked?: (item: Item) => string | undefined;
}

/**
 * A back-office review queue's two answers: approve after a confirmation, or reject with a reason.
 * `actionsColumn` is the table's column of buttons on the rows that wait; `rejectDialog` goes once beside the table.
 */
export function useReviewDecisions<Item extends { id: number }>({
  keyPrefix,
  approveContent,
  rejectTitle,
  approve,
  reject,
  reasonMaxLength,
  testId,
  reasonTestId,
  approveBlocked,
}: ReviewDecisionsOptions<Item>) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [rejecting, setRejecting] = useState<Item | null>(null);
  // The dialog keeps its title while it animates closed.
  const shownRejecting = useRetained(rejecting);

  const confirmApprove = (item: Item) => {
    modal.confirm({
      title: t(`${keyPrefix}.approveTitle`),
      content: approveContent(item),
      okText: t(`${keyPrefix}.approve`),
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        approve
          .mutateAsync(item.id)
          .then(() => void message.success(t(`${keyPrefix}.approved`)))
          // The client has shown the server's message; the dialog closes.
          .catch(() => undefined),
    });
  };

  const decisionsColumn = (title: string, waiting: (item: Item) => boolean): TableColumnType<Item> =>
    actionsColumn<Item>(
      title,
      (item) =>
        waiting(item) && (
          <ReviewActions
            approveText={t(`${keyPrefix}.approve`)}
            rejectText={t(`${keyPrefix}.reject`)}
            onApprove={() => confirmApprove(item)}
            onReject={() => setRejecting(item)}
            testId={testId}
            approveBlockedReason={approveBlocked?.(item)}
          />
        ),
    );

  const rejectDialog = (
    <ReasonDialog
      open={rejecting !== null}
      title={shownRejecting ? rejectTitle(shownRejecting) : ''}
      label={t(`${keyPrefix}.reasonLabel`)}
      requiredMessage={t(`${keyPrefix}.reasonRequired`)}
      okText={t(`${keyPrefix}.reject`)}
      maxLength={reasonMaxLength}
      busy={reject.isPending}
      onCancel={() => setRejecting(null)}
      onSubmit={(reason) => {
        if (!rejecting) return;
        reject.mutate(
          { id: rejecting.id, reason },
          {
            onSuccess: () => {
              void message.success(t(`${keyPrefix}.rejected`));
              setRejecting(null);
            },
          },
        );
      }}
      testId={reasonTestId}
    />
  );

  return { actionsColumn: decisionsColumn, rejectDialog };
}

interface DecisionNoteProps {
  /** `{keyPrefix}.decidedBy` says who decided and when (`name`, `date`). */
  keyPrefix: string;
  reason: string | null;
  decidedBy: string | undefined;
  decidedAt: number | null;
}

/** Under a decided row's state: the reason given for a rejection, and who decided when. */
export function DecisionNote({ keyPrefix, reason, decidedBy, decidedAt }: DecisionNoteProps) {
  const { t } = useTranslation();
  return (
    <>
      {reason && <div className="decision-note__reason">{reason}</div>}
      {decidedBy && decidedAt !== null && (
        <Typography.Text type="secondary">{t(`${keyPrefix}.decidedBy`, { name: decidedBy, date: formatDate(decidedAt) })}</Typography.Text>
      )}
    </>
  );
}
