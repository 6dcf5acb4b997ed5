import { ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Space, Table, type TableColumnsType } from 'antd';
import { REVIEW_NOTE_MAX, type WorkReviewItem } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { ReasonDialog } from '../../../components/reason-dialog';
import { tablePagination } from '../../../components/page-table';
import { UserAvatar } from '../../../components/user-avatar';
import { WorkStatusTag } from '../../../components/work-status-tag';
import { formatDate, formatRelativeTime } from '../../../lib/format';
import { usePaging } from '../../../lib/use-paged-filters';
import { useStepBackFromEmptyPage } from '../../../lib/use-step-back-from-empty-page';
import { useSession } from '../../../stores/session-store';
import { useClaimReview, useDecideReview, useReviewQueue } from '../api/review-queue';
import { reviewStateOf } from '../lib/review-state';
import { WorkPreviewDrawer } from './work-preview-drawer';
import { displayPersonName } from '../../../lib/person-name';
import './work-audit.css';

const PAGE_SIZE = 10;

/**
 * The works audit queue of the back office: waiting works first. An admin claims a work (two admins
 * never hold the same one: the server refuses the second claim and names the first), previews it in
 * the viewer, and passes it or rejects it with a reason. Only the claimer is offered the decision.
 */
export function WorkAuditQueue() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const myUid = useSession((session) => session.uid);
  const paging = usePaging(PAGE_SIZE);
  const { pageNum } = paging;
  const queue = useReviewQueue({ pageNum, pageSize: PAGE_SIZE });
  const claim = useClaimReview();
  const decide = useDecideReview();
  const [previewing, setPreviewing] = useState<{ work: WorkReviewItem; open: boolean } | null>(null);
  const [rejecting, setRejecting] = useState<WorkReviewItem | null>(null);

  const list = queue.data?.list ?? [];
  const total = queue.data?.total ?? 0;
  // The drawer follows the refreshed row (a claim shows at once); a decided work has left the queue and keeps its last row while the drawer closes.
  const previewed = previewing ? (list.find((item) => item.uid === previewing.work.uid) ?? previewing.work) : null;

  // A decision can empty the last page: step back.
  useStepBackFromEmptyPage(queue, paging);

  const busy = claim.isPending || decide.isPending;
  const openPreview = (work: WorkReviewItem) => setPreviewing({ work, open: true });
  const closePreview = () => setPreviewing((current) => (current ? { ...current, open: false } : current));

  const onClaim = (work: WorkReviewItem) =>
    claim.mutate(work.uid, {
      onSuccess: () => {
        void message.success(t('workAudit.claimed', { name: work.name }));
        openPreview(work);
      },
    });

  const onPass = (work: WorkReviewItem) => {
    modal.confirm({
      title: t('workAudit.pass.title', { name: work.name }),
      content: t('workAudit.pass.content'),
      okText: t('workAudit.pass.confirm'),
      cancelText: t('common.actions.cancel'),
      // A refusal (claimed by another admin, say) was shown by the client; the dialog closes on the refreshed queue.
      onOk: () =>
        decide.mutateAsync({ uid: work.uid, passed: true, note: '' }).then(
          () => {
            void message.success(t('workAudit.passed', { name: work.name }));
            closePreview();
          },
          () => undefined,
        ),
    });
  };

  const onReject = (reason: string) => {
    const work = rejecting;
    if (!work) return;
    decide.mutate(
      { uid: work.uid, passed: false, note: reason },
      {
        onSuccess: () => {
          void message.success(t('workAudit.rejected', { name: work.name }));
          setRejecting(null);
          closePreview();
        },
      },
    );
  };

  const columns: TableColumnsType<WorkReviewItem> = [
    {
      title: t('workAudit.columns.name'),
      key: 'name',
      width: 260,
      render: (_, work) => (
        <span className="work-audit-queue__work">
          {work.coverUrl ? (
            <img src={work.coverUrl} alt="" className="work-audit-queue__cover" />
          ) : (
            <span className="work-audit-queue__cover" />
          )}
          <span className="work-audit-queue__name">{work.name}</span>
        </span>
      ),
    },
    {
      title: t('workAudit.columns.owner'),
      key: 'owner',
      render: (_, work) => (
        <span className="work-audit-queue__person">
          <UserAvatar src={work.owner.avatarUrl} name={displayPersonName(work.owner.name, t)} size={24} />
          {displayPersonName(work.owner.name, t)}
        </span>
      ),
    },
    { title: t('workAudit.columns.type'), key: 'type', render: (_, work) => t(`works.type.${work.type}`) },
    {
      title: t('workAudit.columns.submittedAt'),
      key: 'submittedAt',
      render: (_, work) => {
        const at = work.submittedAt ?? work.updatedAt;
        return <time title={formatDate(at)}>{formatRelativeTime(at)}</time>;
      },
    },
    { title: t('workAudit.columns.status'), key: 'status', render: (_, work) => <WorkStatusTag status={work.status} /> },
    {
      title: t('workAudit.columns.claimedBy'),
      key: 'claimedBy',
      render: (_, work) => {
        if (work.status === 'unaudited') return <span className="work-audit-queue__muted">{t('workAudit.notClaimed')}</span>;
        if (reviewStateOf(work, myUid) === 'mine') return <strong data-testid="audit-claimed-by">{t('workAudit.claimedByMe')}</strong>;
        return (
          <span data-testid="audit-claimed-by">
            {work.reviewer?.name.trim() ? displayPersonName(work.reviewer.name, t) : t('workAudit.unknownReviewer')}
          </span>
        );
      },
    },
    {
      title: t('workAudit.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, work) => {
        const state = reviewStateOf(work, myUid);
        return (
          <Space size={4} wrap>
            {state === 'waiting' && (
              <Button
                type="primary"
                size="small"
                loading={claim.isPending && claim.variables === work.uid}
                disabled={busy}
                onClick={() => onClaim(work)}
                data-testid="audit-claim"
              >
                {t('workAudit.actions.claim')}
              </Button>
            )}
            <Button size="small" onClick={() => openPreview(work)} data-testid="audit-preview-open">
              {t('workAudit.actions.preview')}
            </Button>
            {state === 'mine' && (
              <>
                <Button size="small" type="link" disabled={busy} onClick={() => onPass(work)} data-testid="audit-pass">
                  {t('workAudit.actions.pass')}
                </Button>
                <Button size="small" type="link" danger disabled={busy} onClick={() => setRejecting(work)} data-testid="audit-reject">
                  {t('workAudit.actions.reject')}
                </Button>
              </>
            )}
          </Space>
        );
      },
    },
  ];

  let body;
  if (queue.isError && !queue.data) {
    body = <LoadFailed title={t('workAudit.loadFailed')} query={queue} />;
  } else {
    body = (
      <Table<WorkReviewItem>
        rowKey="uid"
        columns={columns}
        dataSource={list}
        loading={queue.isPending}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workAudit.empty')} /> }}
        pagination={total > PAGE_SIZE ? tablePagination(paging, total) : false}
        data-testid="audit-queue"
      />
    );
  }

  return (
    <Card>
      <Flex wrap align="center" justify="space-between" gap={12} style={{ marginBottom: 12 }}>
        <span className="work-audit-queue__count" data-testid="audit-queue-total">
          {t('workAudit.total', { count: total })}
        </span>
        <Button icon={<ReloadOutlined />} loading={queue.isFetching && !queue.isPending} onClick={() => void queue.refetch()}>
          {t('workAudit.refresh')}
        </Button>
      </Flex>
      {body}
      <WorkPreviewDrawer
        work={previewed}
        open={previewing?.open ?? false}
        state={previewed ? reviewStateOf(previewed, myUid) : 'others'}
        busy={busy}
        onClose={closePreview}
        onClaim={onClaim}
        onPass={onPass}
        onReject={setRejecting}
      />
      {/* Rejecting needs a reason: the owner reads it in their notice and on the work. */}
      <ReasonDialog
        open={rejecting !== null}
        title={t('workAudit.reject.title', { name: rejecting?.name ?? '' })}
        label={t('workAudit.reject.reason')}
        requiredMessage={t('workAudit.reject.reasonRequired')}
        hint={t('workAudit.reject.reasonHint')}
        placeholder={t('workAudit.reject.placeholder')}
        okText={t('workAudit.reject.confirm')}
        maxLength={REVIEW_NOTE_MAX}
        busy={decide.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={onReject}
        testId="audit-reject-reason"
      />
    </Card>
  );
}
