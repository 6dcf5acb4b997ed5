import { App, Image, Segmented, Select, Tag, Typography, type TableColumnsType } from 'antd';
import {
  IDENTITY_REASON_MAX,
  IDENTITY_RECORD_STATUSES,
  type IdentityApplicationItem,
  type IdentityFieldName,
  type IdentityRecordStatus,
} from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTable } from '../../../components/page-table';
import { ReasonDialog } from '../../../components/reason-dialog';
import { ReviewActions } from '../../../components/review-actions';
import { formatDate } from '../../../lib/format';
import { useIdentityKinds } from '../api/identity-kinds';
import { useApproveIdentityApplication, useIdentityApplications, useRejectIdentityApplication } from '../api/review-identity';
import { IDENTITY_STATE_COLOUR } from './identity-card';
import './identity.css';

type StatusFilter = IdentityRecordStatus | 'all';
/** Fields in the order the application form shows them (a stored object keeps no order of its own). */
const FIELD_ORDER: readonly IdentityFieldName[] = ['realName', 'company', 'title', 'shopName', 'licenceNo', 'portfolioUrl'];

function orderedExtras(extras: Record<string, string>): [string, string][] {
  const rank = (name: string) => {
    const index = FIELD_ORDER.indexOf(name as IdentityFieldName);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  return Object.entries(extras).sort(([a], [b]) => rank(a) - rank(b));
}
const PAGE_SIZE = 20;

/** The back office's identity queue: pending first, a kind filter, the card to look at, approve or reject with a reason. */
export function IdentityReviewQueue() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [identityId, setIdentityId] = useState<number>();
  const [pageNum, setPageNum] = useState(1);
  const [rejecting, setRejecting] = useState<IdentityApplicationItem>();
  const kinds = useIdentityKinds();
  const applications = useIdentityApplications({ status: status === 'all' ? undefined : status, identityId, pageNum, pageSize: PAGE_SIZE });
  const approve = useApproveIdentityApplication();

  const confirmApprove = (item: IdentityApplicationItem) => {
    modal.confirm({
      title: t('identity.admin.approveTitle'),
      content: t('identity.admin.approveContent', { name: item.extras.realName ?? item.applicant.name, identity: item.identity.name }),
      okText: t('identity.admin.approve'),
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        approve
          .mutateAsync(item.id)
          .then(() => void message.success(t('identity.admin.approved')))
          // The client has shown the server's message; the dialog closes.
          .catch(() => undefined),
    });
  };

  const columns: TableColumnsType<IdentityApplicationItem> = [
    {
      title: t('identity.admin.columns.applicant'),
      key: 'applicant',
      render: (_, row) => (
        <div className="identity-admin__applicant">
          <div>{row.applicant.name}</div>
          <Typography.Text type="secondary">{row.applicant.phone}</Typography.Text>
        </div>
      ),
    },
    { title: t('identity.admin.columns.identity'), key: 'identity', render: (_, row) => <Tag color="gold">{row.identity.name}</Tag> },
    {
      title: t('identity.admin.columns.card'),
      key: 'card',
      render: (_, row) =>
        row.businessCardUrl ? (
          <Image
            src={row.businessCardUrl}
            width={88}
            height={56}
            className="identity-admin__card"
            alt={t('identity.admin.cardAlt', { name: row.applicant.name })}
            data-testid="identity-card-image"
          />
        ) : (
          <Typography.Text type="secondary">{t('identity.admin.noCard')}</Typography.Text>
        ),
    },
    {
      title: t('identity.admin.columns.details'),
      key: 'details',
      render: (_, row) => (
        <dl className="identity-admin__extras">
          {orderedExtras(row.extras).map(([name, value]) => (
            <div key={name}>
              <dt>{t(`identity.fields.${name}.label`, { defaultValue: name })}</dt>
              <dd>
                {name === 'portfolioUrl' ? (
                  <a href={value} target="_blank" rel="noopener noreferrer nofollow">
                    {value}
                  </a>
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
        </dl>
      ),
    },
    { title: t('identity.admin.columns.submitted'), dataIndex: 'createdAt', render: (time: number) => formatDate(time) },
    {
      title: t('identity.admin.columns.status'),
      key: 'status',
      render: (_, row) => (
        <div>
          <Tag color={IDENTITY_STATE_COLOUR[row.status]}>{t(`identity.status.${row.status}`)}</Tag>
          {row.reason && <div className="identity-admin__reason">{row.reason}</div>}
          {row.decidedBy && row.decidedAt !== null && (
            <Typography.Text type="secondary">
              {t('identity.admin.decidedBy', { name: row.decidedBy.name, date: formatDate(row.decidedAt) })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('identity.admin.columns.actions'),
      key: 'actions',
      render: (_, row) =>
        row.status === 'pending' && (
          <ReviewActions
            approveText={t('identity.admin.approve')}
            rejectText={t('identity.admin.reject')}
            onApprove={() => confirmApprove(row)}
            onReject={() => setRejecting(row)}
            testId="identity"
          />
        ),
    },
  ];

  return (
    <>
      <div className="identity-admin__toolbar">
        <Segmented<StatusFilter>
          aria-label={t('identity.admin.statusFilter')}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPageNum(1);
          }}
          options={[
            ...IDENTITY_RECORD_STATUSES.map((value) => ({ value, label: t(`identity.status.${value}`) })),
            { value: 'all' as const, label: t('identity.admin.all') },
          ]}
        />
        <Select<number>
          allowClear
          placeholder={t('identity.admin.allKinds')}
          aria-label={t('identity.admin.kindFilter')}
          value={identityId}
          onChange={(value) => {
            setIdentityId(value);
            setPageNum(1);
          }}
          options={(kinds.data ?? []).map((kind) => ({ value: kind.id, label: kind.name }))}
          className="identity-admin__kind"
          data-testid="identity-kind-filter"
        />
      </div>
      <PageTable
        rowKey="id"
        columns={columns}
        page={applications.data}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNum}
        loading={applications.isFetching}
        emptyText={t('identity.admin.empty')}
        scroll={{ x: 1000 }}
        data-testid="identity-applications"
      />
      <RejectIdentityDialog item={rejecting} onClose={() => setRejecting(undefined)} />
    </>
  );
}

function RejectIdentityDialog({ item, onClose }: { item: IdentityApplicationItem | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reject = useRejectIdentityApplication();
  return (
    <ReasonDialog
      open={item !== undefined}
      title={t('identity.admin.rejectTitle', { name: item?.applicant.name ?? '', identity: item?.identity.name ?? '' })}
      label={t('identity.admin.reasonLabel')}
      requiredMessage={t('identity.admin.reasonRequired')}
      okText={t('identity.admin.reject')}
      maxLength={IDENTITY_REASON_MAX}
      busy={reject.isPending}
      onCancel={onClose}
      onSubmit={(reason) => {
        if (!item) return;
        reject.mutate(
          { id: item.id, reason },
          {
            onSuccess: () => {
              void message.success(t('identity.admin.rejected'));
              onClose();
            },
          },
        );
      }}
      testId="identity-reject-reason"
    />
  );
}
