import { Button, Empty, Input, Pagination, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { ALL_ROLES, USER_STATUSES, isRoleCode, type AdminUserSummary, type RoleCode, type UserStatus } from '@spatia/contract';
import { useEffect, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { actionsColumn } from '../../../components/actions-column';
import { FilterSelect } from '../../../components/filter-select';
import { LoadFailed } from '../../../components/load-failed';
import { tablePagination } from '../../../components/page-table';
import { formatDate } from '../../../lib/format';
import type { Paging } from '../../../lib/use-paged-filters';
import { useSession } from '../../../stores/session-store';
import { useUi } from '../../../stores/ui-store';
import { useAdminUsers, type AdminUserSearch } from '../api/get-admin-users';
import { RoleTags, StatusTags, UserCell } from './user-parts';
import { useAccountActions } from './use-account-actions';
import './back-office-users.css';

const PAGE_SIZE = 20;

function isStatus(value: string | null): value is UserStatus {
  return (USER_STATUSES as readonly string[]).includes(value ?? '');
}

/** The search lives in the address (`?q=&role=&status=&page=`): a reload, the back button or a shared link keep it. */
function useSearch(): [AdminUserSearch, (next: Partial<AdminUserSearch>) => void] {
  const [params, setParams] = useSearchParams();
  const role = params.get('role');
  const status = params.get('status');
  const page = Number(params.get('page'));
  const search: AdminUserSearch = {
    q: params.get('q') ?? '',
    role: role && isRoleCode(role) ? role : undefined,
    status: isStatus(status) ? status : undefined,
    pageNum: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: PAGE_SIZE,
  };
  const update = (next: Partial<AdminUserSearch>) => {
    const merged = { ...search, pageNum: 1, ...next };
    const entries: [string, string][] = [];
    if (merged.q) entries.push(['q', merged.q]);
    if (merged.role) entries.push(['role', merged.role]);
    if (merged.status) entries.push(['status', merged.status]);
    if (merged.pageNum > 1) entries.push(['page', String(merged.pageNum)]);
    setParams(new URLSearchParams(entries), { replace: true });
  };
  return [search, update];
}

/** The back office's users: search by phone, name or invite code, role and status filters, row actions. */
export function AdminUserList() {
  const { t } = useTranslation();
  const isMobile = useUi((state) => state.device === 'mobile');
  const myUid = useSession((session) => session.uid);
  const [search, update] = useSearch();
  const [draft, setDraft] = useState(search.q);
  const users = useAdminUsers(search);
  const paging: Paging = { pageNum: search.pageNum, pageSize: PAGE_SIZE, onPageChange: (pageNum) => update({ pageNum }) };
  const actions = useAccountActions();

  // The back button can change the query under the box.
  useEffect(() => setDraft(search.q), [search.q]);

  const list = users.data?.list ?? [];
  const total = users.data?.total ?? 0;
  const capped = users.data?.totalCapped ?? false;
  const totalText = (count: number) => (capped ? t('backOffice.users.totalCapped', { count }) : t('backOffice.users.total', { count }));
  const emptyText = search.q
    ? t('backOffice.users.emptySearch', { q: search.q })
    : search.role || search.status
      ? t('backOffice.users.emptyFiltered')
      : t('backOffice.users.empty');

  const rowActions = (user: AdminUserSummary) => (
    <Space size={4} wrap>
      <Link to={`/admin/users/${user.uid}`}>
        <Button type="link" size="small">
          {t('backOffice.users.view')}
        </Button>
      </Link>
      {user.disabled ? (
        <Button type="link" size="small" onClick={() => actions.enable(user)} data-testid="row-enable">
          {t('backOffice.access.enable')}
        </Button>
      ) : (
        <Button
          type="link"
          size="small"
          danger
          disabled={user.uid === myUid}
          onClick={() => actions.disable(user)}
          data-testid="row-disable"
        >
          {t('backOffice.access.disable')}
        </Button>
      )}
    </Space>
  );

  const columns: TableColumnsType<AdminUserSummary> = [
    { key: 'user', title: t('backOffice.users.columns.user'), render: (_, user) => <UserCell user={user} /> },
    { key: 'phone', title: t('backOffice.users.columns.phone'), dataIndex: 'phone', width: 130 },
    { key: 'roles', title: t('backOffice.users.columns.roles'), width: 180, render: (_, user) => <RoleTags roles={user.roles} /> },
    { key: 'status', title: t('backOffice.users.columns.status'), width: 130, render: (_, user) => <StatusTags user={user} /> },
    { key: 'inviteCode', title: t('backOffice.users.columns.inviteCode'), dataIndex: 'inviteCode', width: 110 },
    {
      key: 'createdAt',
      title: t('backOffice.users.columns.createdAt'),
      width: 120,
      render: (_, user) => formatDate(user.createdAt, 'YYYY-MM-DD'),
    },
    actionsColumn<AdminUserSummary>(t('backOffice.users.columns.actions'), rowActions, 200),
  ];

  let body;
  if (users.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (users.isError && !users.data) {
    body = <LoadFailed title={t('backOffice.users.loadFailed')} query={users} />;
  } else if (list.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} data-testid="admin-users-empty" />;
  } else if (isMobile) {
    body = (
      <>
        <ul className="bo-user-cards">
          {list.map((user) => (
            <li key={user.uid} className="bo-user-card" data-testid="admin-user-row" data-uid={user.uid}>
              <UserCell user={user} />
              <dl className="bo-user-card__facts">
                <dt>{t('backOffice.users.columns.phone')}</dt>
                <dd>{user.phone}</dd>
                <dt>{t('backOffice.users.columns.roles')}</dt>
                <dd>
                  <RoleTags roles={user.roles} />
                </dd>
                <dt>{t('backOffice.users.columns.status')}</dt>
                <dd>
                  <StatusTags user={user} />
                </dd>
                <dt>{t('backOffice.users.columns.inviteCode')}</dt>
                <dd>{user.inviteCode}</dd>
              </dl>
              <div className="bo-user-card__actions">{rowActions(user)}</div>
            </li>
          ))}
        </ul>
        <div className="bo-user-list__footer">
          <span className="bo-user-list__total">{totalText(total)}</span>
          <Pagination simple current={paging.pageNum} pageSize={PAGE_SIZE} total={total} onChange={paging.onPageChange} />
        </div>
      </>
    );
  } else {
    body = (
      <Table<AdminUserSummary>
        rowKey="uid"
        columns={columns}
        dataSource={list}
        loading={users.isPlaceholderData && users.isFetching}
        onRow={(user) => ({ 'data-testid': 'admin-user-row', 'data-uid': user.uid }) as HTMLAttributes<HTMLElement>}
        pagination={tablePagination(paging, total, {
          hideOnSinglePage: !capped,
          showTotal: (count) => <span className="bo-user-list__total">{totalText(count)}</span>,
        })}
      />
    );
  }

  return (
    <section className="bo-user-list" aria-label={t('backOffice.users.listLabel')}>
      <div className="bo-user-list__filters">
        <Input.Search
          className="bo-user-list__search"
          aria-label={t('backOffice.users.searchLabel')}
          placeholder={t('backOffice.users.searchPlaceholder')}
          allowClear
          enterButton
          maxLength={50}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onSearch={(value) => update({ q: value.trim() })}
          data-testid="admin-user-search"
        />
        <FilterSelect<RoleCode>
          className="bo-user-list__select"
          label={t('backOffice.users.roleFilter')}
          value={search.role}
          onChange={(role) => update({ role })}
          allLabel={t('backOffice.users.allRoles')}
          choices={ALL_ROLES}
          choiceLabel={(role) => t(`backOffice.roles.${role}`)}
        />
        <FilterSelect<UserStatus>
          className="bo-user-list__select"
          label={t('backOffice.users.statusFilter')}
          value={search.status}
          onChange={(status) => update({ status })}
          allLabel={t('backOffice.users.allStatuses')}
          choices={USER_STATUSES}
          choiceLabel={(status) => t(`backOffice.status.${status}`)}
        />
      </div>
      {body}
    </section>
  );
}
