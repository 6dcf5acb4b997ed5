import { Image, Space, Tag, type TableColumnsType } from 'antd';
import {
  MEMBERSHIP_APPLICATION_STATUSES,
  MEMBERSHIP_REASON_MAX,
  type AdminMembershipApplication,
  type MembershipApplicationStatus,
} from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { FilteredPageTable } from '../../../components/filtered-page-table';
import { useReviewDecisions } from '../../../components/review-decisions';
import { decidedStateColumn, submittedColumn, TwoLineCell } from '../../../components/review-queue-cells';
import { StatusFilter } from '../../../components/status-filter';
import { UserAvatar } from '../../../components/user-avatar';
import { useStatusPagedFilters } from '../../../lib/use-status-paged-filters';
import { useAdminApplications, useApproveApplication, useRejectApplication } from '../api/admin';
import { APPLICATION_STATUS_COLOUR } from './my-membership';
import { displayPersonName } from '../../../lib/person-name';
import './membership.css';

const PAGE_SIZE = 20;

/** The review queue: pending first (oldest first), licence images to look at, approve or reject with a reason. */
export function AdminApplicationsQueue() {
  const { t } = useTranslation();
  const { filters, changeFilters, paging, query } = useStatusPagedFilters<{ status: MembershipApplicationStatus | 'all' }>(
    { status: 'pending' },
    PAGE_SIZE,
  );
  const applications = useAdminApplications(query);
  const decisions = useReviewDecisions<AdminMembershipApplication>({
    keyPrefix: 'membership.admin',
    approveContent: (item) =>
      t('membership.admin.approveContent', { name: displayPersonName(item.applicant.name, t), version: item.versionName }),
    rejectTitle: (item) => t('membership.admin.rejectTitle', { name: displayPersonName(item.applicant.name, t) }),
    approve: useApproveApplication(),
    reject: useRejectApplication(),
    reasonMaxLength: MEMBERSHIP_REASON_MAX,
    testId: 'application',
    reasonTestId: 'reject-reason',
  });

  const columns: TableColumnsType<AdminMembershipApplication> = [
    {
      title: t('membership.admin.columnsApplications.applicant'),
      key: 'applicant',
      render: (_, row) => (
        <Space>
          <UserAvatar src={row.applicant.avatarUrl} name={displayPersonName(row.applicant.name, t)} size={32} />
          <TwoLineCell primary={row.name || displayPersonName(row.applicant.name, t)} secondary={row.phone} />
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
    submittedColumn(t('membership.admin.columnsApplications.submitted')),
    decidedStateColumn(
      t('membership.admin.columnsApplications.status'),
      'membership.admin',
      (row) => <Tag color={APPLICATION_STATUS_COLOUR[row.status]}>{t(`membership.applicationStatus.${row.status}`)}</Tag>,
      (row) => ({
        reason: row.reason,
        decidedBy: row.decidedBy === null ? undefined : displayPersonName(row.decidedBy, t),
        decidedAt: row.decidedAt,
      }),
    ),
    decisions.actionsColumn(t('membership.admin.columnsApplications.actions'), (row) => row.status === 'pending'),
  ];

  return (
    <>
      <FilteredPageTable
        toolbarClassName="membership-admin__toolbar"
        toolbar={
          <StatusFilter
            statuses={MEMBERSHIP_APPLICATION_STATUSES}
            value={filters.status}
            onChange={(status) => changeFilters({ status })}
            statusLabel={(status) => t(`membership.applicationStatus.${status}`)}
            allLabel={t('membership.admin.all')}
            allFirst={false}
            label={t('membership.admin.filter')}
          />
        }
        columns={columns}
        page={applications.data}
        paging={paging}
        loading={applications.isFetching}
        emptyText={t('membership.admin.empty')}
        data-testid="admin-applications"
      />
      {decisions.rejectDialog}
    </>
  );
}
