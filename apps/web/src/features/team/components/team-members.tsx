import { Button, Card, Empty, Input, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import type { TeamSubordinate } from '@spatia/contract';
import { useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { tablePagination } from '../../../components/page-table';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDate, formatYuan } from '../../../lib/format';
import { displayPersonName } from '../../../lib/person-name';
import { usePagedFilters } from '../../../lib/use-paged-filters';
import { useUi } from '../../../stores/ui-store';
import { useSubordinates } from '../api/team-api';

const PAGE_SIZE = 10;

type Level = 1 | 2;

/** Both levels of the team, one tab each; a first-level member's "invited" count opens the second level filtered to their invitees. */
export function TeamMembers({ firstCount, secondCount }: { firstCount: number; secondCount: number }) {
  const { t } = useTranslation();
  const [level, setLevel] = useState<Level>(1);
  // The second level's superior filter, set from the first level's rows or typed.
  const [superiorCode, setSuperiorCode] = useState('');

  const showInvitees = (code: string) => {
    setSuperiorCode(code);
    setLevel(2);
  };

  return (
    <Card size="small" title={t('team.members.title')} className="team-panel__members">
      <Tabs
        activeKey={String(level)}
        onChange={(key) => setLevel(key === '2' ? 2 : 1)}
        items={[
          {
            key: '1',
            label: <span data-testid="team-tab-first">{t('team.members.first', { count: firstCount })}</span>,
            children: <SubordinateList level={1} onShowInvitees={showInvitees} />,
          },
          {
            key: '2',
            label: <span data-testid="team-tab-second">{t('team.members.second', { count: secondCount })}</span>,
            // Keyed by the filter, so a click on a first-level row starts the list over with it.
            children: <SubordinateList key={superiorCode} level={2} initialSuperiorCode={superiorCode} onShowInvitees={showInvitees} />,
          },
        ]}
      />
    </Card>
  );
}

function SubordinateList({
  level,
  initialSuperiorCode = '',
  onShowInvitees,
}: {
  level: Level;
  initialSuperiorCode?: string;
  onShowInvitees: (code: string) => void;
}) {
  const { t } = useTranslation();
  const isMobile = useUi((state) => state.device === 'mobile');
  const { filters, changeFilters, paging } = usePagedFilters({ q: '', superiorCode: initialSuperiorCode }, PAGE_SIZE);
  const [typedSuperior, setTypedSuperior] = useState(initialSuperiorCode);
  const page = useSubordinates(level, { ...filters, pageNum: paging.pageNum, pageSize: PAGE_SIZE });
  const filtered = filters.q !== '' || filters.superiorCode !== '';

  const columns: TableColumnsType<TeamSubordinate> = [
    {
      key: 'member',
      title: t('team.members.columns.member'),
      render: (_, person) => (
        <span className="team-person">
          <UserAvatar src={person.avatarUrl} name={displayPersonName(person.name, t)} size={32} />
          <span className="team-person__text">
            <span className="team-person__name" data-testid="team-member-name">
              {displayPersonName(person.name, t)}
            </span>
            <span className="team-person__phone">{person.phone}</span>
          </span>
        </span>
      ),
    },
    { key: 'inviteCode', title: t('team.members.columns.inviteCode'), render: (_, person) => <code>{person.inviteCode}</code> },
    ...(level === 2
      ? [
          {
            key: 'superior',
            title: t('team.members.columns.superior'),
            render: (_: unknown, person: TeamSubordinate) => (
              <span className="team-person__text">
                <span>{displayPersonName(person.superior.name, t)}</span>
                <code className="team-person__phone">{person.superior.inviteCode}</code>
              </span>
            ),
          },
        ]
      : []),
    { key: 'joinedAt', title: t('team.members.columns.joinedAt'), render: (_, person) => formatDate(person.joinedAt) },
    ...(level === 1
      ? [
          {
            key: 'invited',
            title: t('team.members.columns.invited'),
            render: (_: unknown, person: TeamSubordinate) =>
              person.subordinateCount > 0 ? (
                <Button
                  type="link"
                  size="small"
                  className="team-person__invited"
                  aria-label={t('team.members.showInvited', { name: displayPersonName(person.name, t) })}
                  onClick={() => onShowInvitees(person.inviteCode)}
                  data-testid="team-show-invitees"
                >
                  {t('team.members.invitedCount', { count: person.subordinateCount })}
                </Button>
              ) : (
                t('team.members.invitedCount', { count: 0 })
              ),
          },
        ]
      : []),
    {
      key: 'contribution',
      title: t('team.members.columns.contribution'),
      align: 'right',
      render: (_, person) => (
        <span className="team-money" data-testid="team-member-contribution">
          {formatYuan(person.contributionFen)}
        </span>
      ),
    },
  ];

  const emptyText = filtered ? t('team.members.empty.filtered') : t(`team.members.empty.${level === 1 ? 'first' : 'second'}`);

  return (
    <div className="team-list" data-testid={`team-members-${level}`}>
      <div className="team-list__toolbar">
        <Input.Search
          className="team-list__search"
          allowClear
          placeholder={t('team.members.search')}
          aria-label={t('team.members.search')}
          maxLength={50}
          onSearch={(q) => changeFilters({ q: q.trim() })}
          data-testid={`team-search-${level}`}
        />
        {level === 2 && (
          <>
            <Input.Search
              className="team-list__search"
              allowClear
              value={typedSuperior}
              onChange={(event) => setTypedSuperior(event.target.value)}
              placeholder={t('team.members.superiorCode')}
              aria-label={t('team.members.superiorCode')}
              maxLength={32}
              onSearch={(code) => changeFilters({ superiorCode: code.trim() })}
              data-testid="team-superior-code"
            />
            {filters.superiorCode !== '' && (
              <Button
                onClick={() => {
                  setTypedSuperior('');
                  changeFilters({ superiorCode: '' });
                }}
              >
                {t('team.members.clearSuperior')}
              </Button>
            )}
          </>
        )}
      </div>
      {page.isError && !page.data ? (
        <LoadFailed title={t('team.members.loadFailed')} query={page} />
      ) : (
        <Table<TeamSubordinate>
          rowKey="uid"
          size={isMobile ? 'small' : 'middle'}
          columns={columns}
          dataSource={page.data?.list ?? []}
          loading={page.isFetching}
          onRow={() => ({ 'data-testid': 'team-member-row' }) as HTMLAttributes<HTMLElement>}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text type="secondary">{emptyText}</Typography.Text>} />
            ),
          }}
          pagination={tablePagination(paging, page.data?.total ?? 0, { hideOnSinglePage: true, simple: isMobile })}
        />
      )}
    </div>
  );
}
