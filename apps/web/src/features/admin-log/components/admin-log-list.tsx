import { SettingOutlined } from '@ant-design/icons';
import { Button, DatePicker, Empty, Input, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { ADMIN_ACTIONS, type AdminActionCode, type AdminLogEntry } from '@spatia/contract';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterSelect } from '../../../components/filter-select';
import { LoadFailed } from '../../../components/load-failed';
import { tablePagination } from '../../../components/page-table';
import { formatDate } from '../../../lib/format';
import { useAddressPagedFilters } from '../../../lib/use-address-paged-filters';
import { useUi } from '../../../stores/ui-store';
import { useAdminLog, type AdminLogSearch } from '../api/get-admin-log';
import { StateDiffView } from './state-diff-view';
import { displayPersonName } from '../../../lib/person-name';
import './admin-log.css';

const PAGE_SIZE = 20;

/** What the admin log records actions on (admin-actions.ts names them); the filter offers these. */
const TARGET_TYPES = [
  'user',
  'membershipVersion',
  'membershipApplication',
  'identityApplication',
  'work',
  'sensitiveWord',
  'billingPrices',
  'rechargePlans',
  'withdrawal',
] as const;

function isAction(value: string | null): value is AdminActionCode {
  return (ADMIN_ACTIONS as readonly string[]).includes(value ?? '');
}

function timeParam(value: string | null): number | undefined {
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

type LogFilters = Omit<AdminLogSearch, 'pageNum' | 'pageSize'>;

/** The filters in the address: `?action=&targetType=&targetId=&from=&to=`. */
function readLogFilters(params: URLSearchParams): LogFilters {
  const action = params.get('action');
  return {
    action: isAction(action) ? action : undefined,
    targetType: params.get('targetType') || undefined,
    targetId: params.get('targetId') || undefined,
    from: timeParam(params.get('from')),
    to: timeParam(params.get('to')),
  };
}

function writeLogFilters(filters: LogFilters): URLSearchParams {
  const entries = Object.entries(filters).filter(([, value]) => value !== undefined && value !== '');
  return new URLSearchParams(entries.map(([key, value]) => [key, String(value)]));
}

/** The admin log browser: filters, a table newest first, and each entry's state before and after. */
export function AdminLogList() {
  const { t } = useTranslation();
  const isMobile = useUi((state) => state.device === 'mobile');
  const { filters, changeFilters, paging } = useAddressPagedFilters(readLogFilters, writeLogFilters, PAGE_SIZE);
  const [targetDraft, setTargetDraft] = useState(filters.targetId ?? '');
  const log = useAdminLog({ ...filters, pageNum: paging.pageNum, pageSize: PAGE_SIZE });
  const filtered = Object.values(filters).some((value) => value !== undefined);

  const actionLabel = (code: string) => t(`adminLog.actions.${code}`, { defaultValue: code });
  const targetLabel = (type: string) => t(`adminLog.targetTypes.${type}`, { defaultValue: type });

  const columns: TableColumnsType<AdminLogEntry> = [
    {
      key: 'time',
      title: t('adminLog.columns.time'),
      width: 170,
      render: (_, entry) => <span className="admin-log__time">{formatDate(entry.createdAt)}</span>,
    },
    {
      key: 'admin',
      title: t('adminLog.columns.admin'),
      width: 160,
      render: (_, entry) => {
        if (entry.actor === 'system') {
          return (
            <Tooltip title={t('adminLog.systemHint')}>
              <Tag icon={<SettingOutlined />} data-testid="admin-log-system">
                {t('adminLog.system')}
              </Tag>
            </Tooltip>
          );
        }
        return entry.admin ? (
          <Link to={`/admin/users/${entry.admin.uid}`}>{displayPersonName(entry.admin.name, t)}</Link>
        ) : (
          <Typography.Text type="secondary">{t('adminLog.deletedAdmin')}</Typography.Text>
        );
      },
    },
    {
      key: 'action',
      title: t('adminLog.columns.action'),
      width: 200,
      render: (_, entry) => (
        <Tag color={entry.action.endsWith('reject') || entry.action === 'user.disable' ? 'red' : 'blue'} data-testid="admin-log-action">
          {actionLabel(entry.action)}
        </Tag>
      ),
    },
    {
      key: 'target',
      title: t('adminLog.columns.target'),
      render: (_, entry) => (
        <span className="admin-log__target">
          <span>{targetLabel(entry.targetType)}</span>
          {entry.targetType === 'user' ? (
            <Link className="admin-log__target-id-text" to={`/admin/users/${entry.targetId}`}>
              {entry.targetId}
            </Link>
          ) : (
            <span className="admin-log__target-id-text">{entry.targetId}</span>
          )}
        </span>
      ),
    },
  ];

  let body;
  if (log.isError && !log.data) {
    body = <LoadFailed title={t('adminLog.loadFailed')} query={log} />;
  } else {
    body = (
      <Table<AdminLogEntry>
        rowKey="id"
        size={isMobile ? 'small' : 'middle'}
        aria-label={t('adminLog.tableLabel')}
        data-testid="admin-log-table"
        columns={columns}
        dataSource={log.data?.list ?? []}
        loading={log.isFetching}
        expandable={{
          expandedRowRender: (entry) => <StateDiffView before={entry.before} after={entry.after} />,
          expandRowByClick: true,
          columnTitle: <span className="visually-hidden">{t('adminLog.expand')}</span>,
        }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t('adminLog.empty') : t('adminLog.emptyAll')} />,
        }}
        pagination={tablePagination(paging, log.data?.total ?? 0, {
          hideOnSinglePage: true,
          simple: isMobile,
          showTotal: (count) => <span className="admin-log__total">{t('adminLog.total', { count })}</span>,
        })}
      />
    );
  }

  return (
    <section className="admin-log" aria-label={t('adminLog.tableLabel')}>
      <div className="admin-log__filters">
        <FilterSelect<AdminActionCode>
          className="admin-log__action"
          label={t('adminLog.filters.action')}
          testId="admin-log-action-filter"
          value={filters.action}
          onChange={(action) => changeFilters({ action })}
          allLabel={t('adminLog.filters.allActions')}
          choices={ADMIN_ACTIONS}
          choiceLabel={actionLabel}
          searchable
        />
        <DatePicker.RangePicker
          aria-label={t('adminLog.filters.range')}
          placeholder={[t('adminLog.filters.rangeStart'), t('adminLog.filters.rangeEnd')]}
          value={filters.from !== undefined && filters.to !== undefined ? [dayjs(filters.from), dayjs(filters.to)] : null}
          onChange={(range) =>
            changeFilters({ from: range?.[0]?.startOf('day').valueOf() ?? undefined, to: range?.[1]?.endOf('day').valueOf() ?? undefined })
          }
        />
        <FilterSelect<string>
          className="admin-log__target-type"
          label={t('adminLog.filters.targetType')}
          value={filters.targetType}
          onChange={(targetType) => changeFilters({ targetType })}
          allLabel={t('adminLog.filters.allTargets')}
          choices={TARGET_TYPES}
          choiceLabel={targetLabel}
        />
        <Input.Search
          className="admin-log__target-id"
          aria-label={t('adminLog.filters.targetId')}
          placeholder={t('adminLog.filters.targetIdPlaceholder')}
          allowClear
          value={targetDraft}
          maxLength={64}
          onChange={(event) => setTargetDraft(event.target.value)}
          onSearch={(value) => changeFilters({ targetId: value.trim() || undefined })}
        />
        {filtered && (
          <Button
            onClick={() => {
              setTargetDraft('');
              changeFilters({ action: undefined, targetType: undefined, targetId: undefined, from: undefined, to: undefined });
            }}
          >
            {t('adminLog.filters.reset')}
          </Button>
        )}
      </div>
      {body}
    </section>
  );
}
