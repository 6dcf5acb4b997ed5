import { UserAddOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Skeleton, Tag } from 'antd';
import { PEOPLE_QUERY_MAX, type FollowListItem } from '@spatia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDate } from '../../../lib/format';
import { usePersonName } from '../../../lib/person-name';
import { personPath } from '../../../lib/person-paths';
import { useFollow, useFollowList, useRemoveFollower, useUnfollow, type FollowListKind } from '../api/people';
import { FollowDialog } from './follow-dialog';

/**
 * One of the signed-in person's lists (follows, fans, mutual follows): searched by name or remark (sent on
 * Enter or the button, so that an IME's Enter picks characters), a page at a time by keyset ("load more"),
 * each row with what may be done: unfollow, follow back, remove a fan (these two ask first).
 */
export function PeopleList({ kind }: { kind: FollowListKind }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [adding, setAdding] = useState(false);
  const list = useFollowList(kind, q);
  const rows = list.data?.pages.flatMap((page) => page.list) ?? [];

  let body;
  if (list.isError) {
    body = <LoadFailed title={t('people.lists.loadFailed')} query={list} testId="people-list-failed" />;
  } else if (list.isPending) {
    body = (
      <div className="people-list" aria-busy="true">
        {[0, 1, 2].map((index) => (
          <div key={index} className="people-row">
            <Skeleton avatar active title={false} paragraph={{ rows: 2, width: ['40%', '25%'] }} />
          </div>
        ))}
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <Empty
        className="person-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={q ? t('people.lists.empty.search', { q }) : t(`people.lists.empty.${kind}`)}
        data-testid="people-list-empty"
      />
    );
  } else {
    body = (
      <>
        <ul className="people-list" aria-busy={list.isFetching} data-testid="people-list">
          {rows.map((row) => (
            <li key={row.uid}>
              <PersonRow kind={kind} row={row} />
            </li>
          ))}
        </ul>
        <div className="person-more">
          {list.hasNextPage ? (
            <Button onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="people-list-more">
              {t('people.lists.more')}
            </Button>
          ) : (
            <span>{t('people.lists.end')}</span>
          )}
        </div>
      </>
    );
  }

  return (
    <section data-testid={`people-list-${kind}`}>
      <div className="people-list__toolbar">
        <Input.Search
          className="people-list__search"
          value={input}
          maxLength={PEOPLE_QUERY_MAX}
          allowClear
          placeholder={t('people.lists.search')}
          aria-label={t('people.lists.search')}
          onChange={(event) => {
            setInput(event.target.value);
            if (event.target.value === '') setQ('');
          }}
          onSearch={(value) => setQ(value.trim())}
          data-testid="people-list-search"
        />
        <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)} data-testid="people-follow-add">
          {t('people.lists.addFollow')}
        </Button>
      </div>
      {body}
      <FollowDialog open={adding} onClose={() => setAdding(false)} />
    </section>
  );
}

function PersonRow({ kind, row }: { kind: FollowListKind; row: FollowListItem }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const personName = usePersonName();
  const name = personName(row.name);
  const follow = useFollow();
  const unfollow = useUnfollow();
  const remove = useRemoveFollower();

  const askUnfollow = () => {
    modal.confirm({
      title: t('people.lists.unfollowTitle', { name }),
      content: t('people.lists.unfollowText'),
      okText: t('people.lists.unfollow'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'people-unfollow-confirm' } },
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          await unfollow.mutateAsync(row.uid);
        } catch {
          return; // The client showed the server's message.
        }
        void message.success(t('people.follow.unfollowed', { name }));
      },
    });
  };

  const askRemove = () => {
    modal.confirm({
      title: t('people.lists.removeTitle', { name }),
      content: t('people.lists.removeText'),
      okText: t('people.lists.remove'),
      okButtonProps: { danger: true, ...{ 'data-testid': 'people-remove-confirm' } },
      cancelText: t('common.actions.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync(row.uid);
        } catch {
          return;
        }
        void message.success(t('people.lists.removed', { name }));
      },
    });
  };

  const followBack = async () => {
    try {
      await follow.mutateAsync(row.uid);
    } catch {
      return;
    }
    void message.success(t('people.follow.followed', { name }));
  };

  return (
    <div className="people-row" data-testid="people-row" data-uid={row.uid}>
      <Link to={personPath(row.uid)} className="people-row__who">
        <UserAvatar src={row.avatarUrl} name={name} size={44} />
        <span className="people-row__text">
          <span className="people-row__name" data-testid="people-row-name">
            {name}
            {row.mutual && kind !== 'mutual' && (
              <Tag color="cyan" className="people-row__tag" data-testid="people-row-mutual">
                {t('people.lists.mutualTag')}
              </Tag>
            )}
          </span>
          {row.remarkName && (
            <span className="people-row__remark" data-testid="people-row-remark">
              {t('people.lists.remark', { remark: row.remarkName })}
            </span>
          )}
          <span className="people-row__remark">{t('people.lists.since', { date: formatDate(row.since, 'YYYY-MM-DD') })}</span>
        </span>
      </Link>
      <span className="people-row__actions">
        {kind === 'fans' && !row.mutual && (
          <Button type="primary" size="small" onClick={() => void followBack()} loading={follow.isPending} data-testid="people-follow-back">
            {t('people.lists.followBack')}
          </Button>
        )}
        {kind !== 'fans' && (
          <Button size="small" onClick={askUnfollow} data-testid="people-unfollow">
            {t('people.lists.unfollow')}
          </Button>
        )}
        {kind !== 'follows' && (
          <Button size="small" danger onClick={askRemove} data-testid="people-remove">
            {t('people.lists.remove')}
          </Button>
        )}
      </span>
    </div>
  );
}
