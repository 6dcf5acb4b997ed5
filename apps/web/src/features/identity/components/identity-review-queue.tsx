import { Image, Select, Tag, Typography, type TableColumnsType } from 'antd';
import {
  IDENTITY_REASON_MAX,
  IDENTITY_RECORD_STATUSES,
  type IdentityApplicationItem,
  type IdentityFieldName,
  type IdentityRecordStatus,
} from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { FilteredPageTable } from '../../../components/filtered-page-table';
import { useReviewDecisions } from '../../../components/review-decisions';
import { decidedStateColumn, submittedColumn, TwoLineCell } from '../../../components/review-queue-cells';
import { StatusFilter } from '../../../components/status-filter';
import { useStatusPagedFilters } from '../../../lib/use-status-paged-filters';
import { useIdentityKinds } from '../api/identity-kinds';
import { useApproveIdentityApplication, useIdentityApplications, useRejectIdentityApplication } from '../api/review-identity';
import { IDENTITY_STATE_COLOUR } from './identity-card';
import { displayPersonName } from '../../../lib/person-name';
import './identity.css';

interface QueueFilters {
  status: IdentityRecordStatus | 'all';
  identityId: number | undefined;
}
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
  const { filters, changeFilters, paging, query } = useStatusPagedFilters<QueueFilters>(
    { status: 'pending', identityId: undefined },
    PAGE_SIZE,
  );
  const kinds = useIdentityKinds();
  const applications = useIdentityApplications(query);
  const decisions = useReviewDecisions<IdentityApplicationItem>({
    keyPrefix: 'identity.admin',
    approveContent: (item) =>
      t('identity.admin.approveContent', {
        name: item.extras.realName ?? displayPersonName(item.applicant.name, t),
        identity: item.identity.name,
      }),
    rejectTitle: (item) =>
      t('identity.admin.rejectTitle', { name: displayPersonName(item.applicant.name, t), identity: item.identity.name }),
    approve: useApproveIdentityApplication(),
    reject: useRejectIdentityApplication(),
    reasonMaxLength: IDENTITY_REASON_MAX,
    testId: 'identity',
    reasonTestId: 'identity-reject-reason',
  });

  const columns: TableColumnsType<IdentityApplicationItem> = [
    {
      title: t('identity.admin.columns.applicant'),
      key: 'applicant',
      render: (_, row) => (
        <TwoLineCell
          primary={displayPersonName(row.applicant.name, t)}
          secondary={row.applicant.phone}
          className="identity-admin__applicant"
        />
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
            alt={t('identity.admin.cardAlt', { name: displayPersonName(row.applicant.name, t) })}
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
    submittedColumn(t('identity.admin.columns.submitted')),
    decidedStateColumn(
      t('identity.admin.columns.status'),
      'identity.admin',
      (row) => <Tag color={IDENTITY_STATE_COLOUR[row.status]}>{t(`identity.status.${row.status}`)}</Tag>,
      (row) => ({
        reason: row.reason,
        decidedBy: row.decidedBy ? displayPersonName(row.decidedBy.name, t) : undefined,
        decidedAt: row.decidedAt,
      }),
    ),
    decisions.actionsColumn(t('identity.admin.columns.actions'), (row) => row.status === 'pending'),
  ];

  return (
    <>
      <FilteredPageTable
        toolbarClassName="identity-admin__toolbar"
        toolbar={
          <>
            <StatusFilter
              statuses={IDENTITY_RECORD_STATUSES}
              value={filters.status}
              onChange={(status) => changeFilters({ status })}
              statusLabel={(status) => t(`identity.status.${status}`)}
              allLabel={t('identity.admin.all')}
              allFirst={false}
              label={t('identity.admin.statusFilter')}
            />
            <Select<number>
              allowClear
              placeholder={t('identity.admin.allKinds')}
              aria-label={t('identity.admin.kindFilter')}
              value={filters.identityId}
              onChange={(identityId) => changeFilters({ identityId })}
              options={(kinds.data ?? []).map((kind) => ({ value: kind.id, label: kind.name }))}
              className="identity-admin__kind"
              data-testid="identity-kind-filter"
            />
          </>
        }
        columns={columns}
        page={applications.data}
        paging={paging}
        loading={applications.isFetching}
        emptyText={t('identity.admin.empty')}
        data-testid="identity-applications"
      />
      {decisions.rejectDialog}
    </>
  );
}
