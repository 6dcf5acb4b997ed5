import { App, Image, Segmented, Space, Tag, Typography, type TableColumnsType } from 'antd';
import {
  MEMBERSHIP_APPLICATION_STATUSES,
  MEMBERSHIP_REASON_MAX,
  type AdminMembershipApplication,
  type MembershipApplicationStatus,
} from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTable } from '../../../components/page-table';
import { ReasonDialog } from '../../../components/reason-dialog';
import { ReviewActions } from '../../../components/review-actions';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDate } from '../../../lib/format';
import { useAdminApplications, useApproveApplication, useRejectApplication } from '../api/admin';
import { APPLICATION_STATUS_COLOUR } from './my-membership';
import './membership.css';

type Filter = MembershipApplicationStatus | 'all';
const PAGE_SIZE = 20;

/** The review queue: pending first (oldest first), licence images to look at, approve or reject with a reason. */
export function AdminApplicationsQueue() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [filter, setFilter] = useState<Filter>('pending');
  const [pageNum, setPageNum] = useState(1);
  const [rejecting, setRejecting] = useState<AdminMembershipApplication>();
  const applications = useAdminApplications({ status: filter === 'all' ? undefined : filter, pageNum, pageSize: PAGE_SIZE });
  const approve = useApproveApplication();

  const confirmApprove = (application: AdminMembershipApplication) => {
    modal.confirm({
      title: t('membership.admin.approveTitle'),
      content: t('membership.admin.approveContent', { name: application.applicant.name, version: application.versionName }),
      okText: t('membership.admin.approve'),
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        approve
          .mutateAsync(application.id)
          .then(() => void message.success(t('membership.admin.approved')))
          // The client has shown the server's message; the dialog closes.
          .catch(() => undefined),
    });
  };

  const columns: TableColumnsType<AdminMembershipApplication> = [
    {
      title: t('membership.admin.columnsApplications.applicant'),
      key: 'applicant',
      render: (_, row) => (
        <Space>
          <UserAvatar src={row.applicant.avatarUrl} name={row.applicant.name} size={32} />
          <div>
            <div>{row.name || row.applicant.name}</div>
            <Typography.Text type="secondary">{row.phone}</Typography.Text>
          </div>
        </Space>
      ),
    },
    { title: t('membership.admin.columnsApplications.company'), dataIndex: 'companyName' },
    { title: t('membership.admin.columnsApplications.version'), dataIndex: 'versionName' },
    {
      title: t('membership.admin.columnsApplications.licence'),
      key: 'licence',
      render: (_, row) => (
        <Image.PreviewGroup>
          <div className="membership-admin__licences">
            {row.licenceImages.map((url, index) => (
              <Image key={url} src={url} width={56} height={56} className="membership-thumb" alt={`${row.companyName} ${index + 1}`} />
            ))}
          </div>
        </Image.PreviewGroup>
      ),
    },
    { title: t('membership.admin.columnsApplications.submitted'), dataIndex: 'createdAt', render: (time: number) => formatDate(time) },
    {
      title: t('membership.admin.columnsApplications.status'),
      key: 'status',
      render: (_, row) => (
        <div>
          <Tag color={APPLICATION_STATUS_COLOUR[row.status]}>{t(`membership.applicationStatus.${row.status}`)}</Tag>
          {row.reason && <div className="membership-reason">{row.reason}</div>}
          {row.decidedBy && row.decidedAt && (
            <Typography.Text type="secondary">
              {t('membership.admin.decidedBy', { name: row.decidedBy, date: formatDate(row.decidedAt) })}
            </Typography.Text>
          )}
        </div>
      ),
    },
    {
      title: t('membership.admin.columnsApplications.actions'),
      key: 'actions',
      render: (_, row) =>
        row.status === 'pending' && (
          <ReviewActions
            approveText={t('membership.admin.approve')}
            rejectText={t('membership.admin.reject')}
            onApprove={() => confirmApprove(row)}
            onReject={() => setRejecting(row)}
            testId="application"
          />
        ),
    },
  ];

  return (
    <>
      <div className="membership-admin__toolbar">
        <Segmented<Filter>
          aria-label={t('membership.admin.filter')}
          value={filter}
          onChange={(value) => {
            setFilter(value);
            setPageNum(1);
          }}
          options={[
            ...MEMBERSHIP_APPLICATION_STATUSES.map((status) => ({ value: status, label: t(`membership.applicationStatus.${status}`) })),
            { value: 'all' as const, label: t('membership.admin.all') },
          ]}
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
        emptyText={t('membership.admin.empty')}
        scroll={{ x: 960 }}
        data-testid="admin-applications"
      />
      <RejectDialog application={rejecting} onClose={() => setRejecting(undefined)} />
    </>
  );
}

function RejectDialog({ application, onClose }: { application: AdminMembershipApplication | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const reject = useRejectApplication();
  return (
    <ReasonDialog
      open={application !== undefined}
      title={t('membership.admin.rejectTitle', { name: application?.applicant.name ?? '' })}
      label={t('membership.admin.reasonLabel')}
      requiredMessage={t('membership.admin.reasonRequired')}
      okText={t('membership.admin.reject')}
      maxLength={MEMBERSHIP_REASON_MAX}
      busy={reject.isPending}
      onCancel={onClose}
      onSubmit={(reason) => {
        if (!application) return;
        reject.mutate(
          { id: application.id, reason },
          {
            onSuccess: () => {
              void message.success(t('membership.admin.rejected'));
              onClose();
            },
          },
        );
      }}
      testId="reject-reason"
    />
  );
}
