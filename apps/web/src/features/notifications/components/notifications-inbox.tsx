import { CheckOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Segmented, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPager } from '../../../components/list-pager';
import { LoadFailed } from '../../../components/load-failed';
import { usePaging } from '../../../lib/use-paged-filters';
import { useStepBackFromEmptyPage } from '../../../lib/use-step-back-from-empty-page';
import { useNotifications } from '../api/get-notifications';
import { MarkAllReadButton } from './mark-all-read-button';
import { NotificationEntry } from './notification-entry';
import { useOpenNotification } from './use-open-notification';
import './notifications.css';

const PAGE_SIZE = 20;
type Filter = 'all' | 'unread';

/** The unread filter lives in the address (`?unread=1`), so a reload keeps it. */
function useFilter(): [Filter, (filter: Filter) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter: Filter = searchParams.get('unread') === '1' ? 'unread' : 'all';
  const setFilter = (next: Filter) =>
    setSearchParams(
      (params) => {
        if (next === 'unread') params.set('unread', '1');
        else params.delete('unread');
        return params;
      },
      { replace: true },
    );
  return [filter, setFilter];
}

/** Every notice of mine, newest first: all or unread only, in pages, with "mark all read". */
export function NotificationsInbox() {
  const { t } = useTranslation();
  const [filter, setFilter] = useFilter();
  const paging = usePaging(PAGE_SIZE);
  const { pageNum } = paging;
  const notices = useNotifications({ pageNum, pageSize: PAGE_SIZE, unread: filter === 'unread' });
  const openNotice = useOpenNotification();

  const list = notices.data?.list ?? [];
  const total = notices.data?.total ?? 0;
  const unread = notices.data?.unread ?? 0;

  // Reading notices in the unread filter can empty its last page: step back.
  useStepBackFromEmptyPage(notices, paging);

  let body;
  if (notices.isPending) {
    body = <Skeleton active paragraph={{ rows: 6 }} title={false} />;
  } else if (notices.isError && !notices.data) {
    body = <LoadFailed title={t('notifications.loadFailed')} query={notices} />;
  } else if (total === 0) {
    body = (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={filter === 'unread' ? t('notifications.emptyUnread') : t('notifications.empty')}
        data-testid="notifications-empty"
      />
    );
  } else {
    body = (
      <>
        <ul className="notifications-inbox__list" aria-label={t('notifications.title')} data-testid="notifications-list">
          {list.map((item) => (
            <li key={item.id}>
              <NotificationEntry item={item} onOpen={openNotice} />
            </li>
          ))}
        </ul>
        <ListPager
          className="notifications-inbox__pagination"
          paging={paging}
          total={total}
          showSizeChanger={false}
          showTotal={(count) => t('notifications.total', { count })}
        />
      </>
    );
  }

  return (
    <Card>
      <Flex wrap align="center" justify="space-between" gap={12} style={{ marginBottom: 12 }}>
        <Segmented<Filter>
          aria-label={t('notifications.filter.label')}
          value={filter}
          onChange={(next) => {
            setFilter(next);
            paging.onPageChange(1);
          }}
          options={[
            { value: 'all', label: t('notifications.filter.all') },
            { value: 'unread', label: `${t('notifications.filter.unread')}${unread > 0 ? ` (${unread})` : ''}` },
          ]}
          data-testid="notifications-filter"
        />
        <MarkAllReadButton icon={<CheckOutlined />} unread={unread} data-testid="notifications-page-mark-all" />
      </Flex>
      {body}
    </Card>
  );
}
