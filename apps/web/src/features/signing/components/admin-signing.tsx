import { App, Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import {
  provinceName,
  SERVICE_REASON_MAX,
  SIGNED_PROVIDER_STATUSES,
  SIGNING_APPLICATION_STATUSES,
  type SignedProviderItem,
  type SignedProviderStatus,
  type SigningApplicationItem,
  type SigningApplicationStatus,
} from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterSelect } from '../../../components/filter-select';
import { LoadFailed } from '../../../components/load-failed';
import { ReasonDialog } from '../../../components/reason-dialog';
import { UserAvatar } from '../../../components/user-avatar';
import { useLanguage } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';
import { useDecideApplication, useRevokeProvider, useSignedProviders, useSigningApplications } from '../api/signing';
import './signing.css';

const STATUS_COLORS: Record<SigningApplicationStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  withdrawn: 'default',
};

function Person({ person }: { person: SigningApplicationItem['applicant'] }) {
  const { t } = useTranslation();
  const name = displayPersonName(person.name, t);
  return (
    <Space size={6}>
      <UserAvatar src={person.avatarUrl} name={name} size={24} />
      <Link to={`/admin/users/${person.uid}`}>{name}</Link>
    </Space>
  );
}

function provincesText(codes: readonly string[], language: 'zh' | 'en'): string {
  return codes.map((code) => provinceName(code, language)).join(language === 'zh' ? '、' : ', ');
}

/** Signing applications, pending first: approve (with a confirmation) or reject with a reason. */
export function AdminSigningApplications() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const [status, setStatus] = useState<SigningApplicationStatus | undefined>('pending');
  const [pageNum, setPageNum] = useState(1);
  const [rejecting, setRejecting] = useState<SigningApplicationItem | null>(null);
  const applications = useSigningApplications({ status, pageNum, pageSize: 10 });
  const decide = useDecideApplication();

  return (
    <div className="admin-signing">
      <FilterSelect<SigningApplicationStatus>
        label={t('signing.admin.status')}
        testId="signing-status-filter"
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPageNum(1);
        }}
        allLabel={t('signing.admin.allStatuses')}
        choices={SIGNING_APPLICATION_STATUSES}
        choiceLabel={(value) => t(`signing.status.${value}`)}
      />
      {applications.isError && !applications.data ? (
        <LoadFailed title={t('signing.loadFailed')} query={applications} />
      ) : (
        <Table<SigningApplicationItem>
          rowKey="id"
          loading={applications.isFetching}
          dataSource={applications.data?.list ?? []}
          scroll={{ x: 960 }}
          locale={{ emptyText: t('signing.admin.noApplications') }}
          pagination={{
            current: pageNum,
            pageSize: 10,
            total: applications.data?.total ?? 0,
            onChange: setPageNum,
            hideOnSinglePage: true,
          }}
          data-testid="signing-applications"
          expandable={{
            expandedRowRender: (application) => (
              <div className="admin-signing__more">
                <Typography.Paragraph>
                  <strong>{t('signing.fields.intro')}: </strong>
                  {application.intro || '—'}
                </Typography.Paragraph>
                <ul className="signing-samples signing-samples--read">
                  {application.sampleWorks.map((work) => (
                    <li key={work.uid} className="signing-samples__item">
                      <span className="signing-samples__cover" aria-hidden>
                        {work.coverUrl && <img src={work.coverUrl} alt="" loading="lazy" />}
                      </span>
                      <a href={`/details/${work.uid}`} target="_blank" rel="noopener">
                        {work.name || t('signing.untitled')}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ),
          }}
          columns={[
            {
              key: 'applicant',
              title: t('signing.admin.applicant'),
              render: (_, application) => <Person person={application.applicant} />,
            },
            {
              key: 'areas',
              title: t('signing.fields.areas'),
              render: (_, application) => provincesText(application.provinceCodes, language),
            },
            { key: 'equipment', title: t('signing.fields.equipment'), dataIndex: 'equipment', ellipsis: true },
            {
              key: 'at',
              title: t('signing.admin.appliedAt'),
              render: (_, application) => formatDate(application.createdAt, 'YYYY-MM-DD HH:mm'),
            },
            {
              key: 'status',
              title: t('signing.admin.status'),
              render: (_, application) => (
                <>
                  <Tag color={STATUS_COLORS[application.status]}>{t(`signing.status.${application.status}`)}</Tag>
                  {application.reason && <Typography.Text type="secondary">{application.reason}</Typography.Text>}
                </>
              ),
            },
            {
              key: 'actions',
              title: t('signing.admin.actions'),
              render: (_, application) =>
                application.status === 'pending' && (
                  <Space wrap>
                    <Popconfirm
                      title={t('signing.admin.approveConfirm', { name: displayPersonName(application.applicant.name, t) })}
                      okText={t('signing.admin.approve')}
                      cancelText={t('common.actions.cancel')}
                      onConfirm={() =>
                        void decide.mutateAsync({ id: application.id, approve: true }).then(
                          () => void message.success(t('signing.admin.approved')),
                          () => undefined,
                        )
                      }
                    >
                      <Button type="primary" size="small" data-testid="signing-approve">
                        {t('signing.admin.approve')}
                      </Button>
                    </Popconfirm>
                    <Button danger size="small" onClick={() => setRejecting(application)} data-testid="signing-reject">
                      {t('signing.admin.reject')}
                    </Button>
                  </Space>
                ),
            },
          ]}
        />
      )}
      <ReasonDialog
        open={rejecting !== null}
        title={t('signing.admin.rejectTitle')}
        label={t('signing.admin.reason')}
        requiredMessage={t('signing.admin.reasonRequired')}
        okText={t('signing.admin.reject')}
        maxLength={SERVICE_REASON_MAX}
        hint={t('signing.admin.rejectHint')}
        busy={decide.isPending}
        onCancel={() => setRejecting(null)}
        onSubmit={(reason) =>
          void decide.mutateAsync({ id: rejecting!.id, approve: false, reason }).then(
            () => setRejecting(null),
            () => undefined,
          )
        }
        testId="signing-reject-dialog"
      />
    </div>
  );
}

/** Signed providers: the provinces they serve, their orders, Revoke with a reason. */
export function AdminSignedProviders() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [status, setStatus] = useState<SignedProviderStatus | undefined>('active');
  const [pageNum, setPageNum] = useState(1);
  const [revoking, setRevoking] = useState<SignedProviderItem | null>(null);
  const providers = useSignedProviders({ status, pageNum, pageSize: 10 });
  const revoke = useRevokeProvider();
  return (
    <div className="admin-signing">
      <FilterSelect<SignedProviderStatus>
        label={t('signing.admin.status')}
        testId="provider-status-filter"
        value={status}
        onChange={(next) => {
          setStatus(next);
          setPageNum(1);
        }}
        allLabel={t('signing.admin.allStatuses')}
        choices={SIGNED_PROVIDER_STATUSES}
        choiceLabel={(value) => t(`signing.providerStatus.${value}`)}
      />
      {providers.isError && !providers.data ? (
        <LoadFailed title={t('signing.loadFailed')} query={providers} />
      ) : (
        <Table<SignedProviderItem>
          rowKey={(provider) => provider.provider.uid}
          loading={providers.isFetching}
          dataSource={providers.data?.list ?? []}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('signing.admin.noProviders') }}
          pagination={{ current: pageNum, pageSize: 10, total: providers.data?.total ?? 0, onChange: setPageNum, hideOnSinglePage: true }}
          data-testid="signed-providers"
          columns={[
            { key: 'provider', title: t('signing.admin.provider'), render: (_, item) => <Person person={item.provider} /> },
            { key: 'areas', title: t('signing.fields.areas'), render: (_, item) => provincesText(item.provinceCodes, language) },
            { key: 'since', title: t('signing.admin.signedAt'), render: (_, item) => formatDate(item.signedAt, 'YYYY-MM-DD') },
            {
              key: 'orders',
              title: t('signing.admin.orders'),
              render: (_, item) => t('signing.admin.ordersCount', { active: item.activeOrders, completed: item.completedOrders }),
            },
            {
              key: 'status',
              title: t('signing.admin.status'),
              render: (_, item) => (
                <>
                  <Tag color={item.status === 'active' ? 'green' : 'default'}>{t(`signing.providerStatus.${item.status}`)}</Tag>
                  {item.revokeReason && <Typography.Text type="secondary">{item.revokeReason}</Typography.Text>}
                </>
              ),
            },
            {
              key: 'actions',
              title: t('signing.admin.actions'),
              render: (_, item) =>
                item.status === 'active' && (
                  <Button danger size="small" onClick={() => setRevoking(item)} data-testid="provider-revoke">
                    {t('signing.admin.revoke')}
                  </Button>
                ),
            },
          ]}
        />
      )}
      <ReasonDialog
        open={revoking !== null}
        title={t('signing.admin.revokeTitle')}
        label={t('signing.admin.reason')}
        requiredMessage={t('signing.admin.reasonRequired')}
        okText={t('signing.admin.revoke')}
        maxLength={SERVICE_REASON_MAX}
        hint={t('signing.admin.revokeHint')}
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onSubmit={(reason) =>
          void revoke.mutateAsync({ uid: revoking!.provider.uid, reason }).then(
            () => setRevoking(null),
            () => undefined,
          )
        }
        testId="provider-revoke-dialog"
      />
    </div>
  );
}
