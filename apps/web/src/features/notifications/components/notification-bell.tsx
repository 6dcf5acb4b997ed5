import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Empty, Popover, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useSession } from '../../../stores/session-store';
import { useNotifications, useUnreadCount } from '../api/get-notifications';
import { MarkAllReadButton } from './mark-all-read-button';
import { NotificationEntry } from './notification-entry';
import { useOpenNotification } from './use-open-notification';
import './notifications.css';

/** Where "see all" leads (a console route reached from here, hidden from the sidebar). */
export const NOTIFICATIONS_PAGE_PATH = '/notifications';
const LATEST_COUNT = 10;
/** Where the bell sits too near the left for its popover to fit beside it: the panel drops from the top instead. */
const PHONE_QUERY = '(max-width: 575.98px)';

/**
 * The bell of both top bars: the unread count (polled every 30 s and on window focus), and a panel
 * with the latest notices, "mark all read" and "see all": a popover under the bell, or on a phone a
 * drawer across the top of the screen. Renders nothing when nobody is signed in.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((session) => session.token !== '');
  const [open, setOpen] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY);
  const unread = useUnreadCount(signedIn);
  const latest = useNotifications({ pageNum: 1, pageSize: LATEST_COUNT }, { enabled: signedIn && open, silent: true });
  const openNotice = useOpenNotification(() => setOpen(false));
  if (!signedIn) return null;

  const count = unread.data ?? 0;
  const list = latest.data?.list ?? [];

  let body;
  if (latest.isPending) body = <Skeleton active paragraph={{ rows: 3 }} title={false} className="notification-panel__state" />;
  else if (latest.isError && !latest.data) {
    body = (
      <Result
        className="notification-panel__state"
        status="warning"
        title={t('notifications.loadFailed')}
        extra={
          <Button size="small" onClick={() => void latest.refetch()}>
            {t('common.actions.retry')}
          </Button>
        }
      />
    );
  } else if (list.length === 0) {
    body = <Empty className="notification-panel__state" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />;
  } else {
    body = (
      <ul className="notification-panel__list" aria-label={t('notifications.latest')}>
        {list.map((item) => (
          <li key={item.id}>
            <NotificationEntry item={item} onOpen={openNotice} />
          </li>
        ))}
      </ul>
    );
  }

  const markAllRead = <MarkAllReadButton type="link" size="small" unread={count} data-testid="notifications-mark-all" />;
  const seeAll = (
    <Button
      type="link"
      block
      onClick={() => {
        setOpen(false);
        void navigate(NOTIFICATIONS_PAGE_PATH);
      }}
      data-testid="notifications-see-all"
    >
      {t('notifications.seeAll')}
    </Button>
  );
  const bell = (
    <Button
      type="text"
      className="notification-bell"
      aria-label={count > 0 ? t('notifications.bellWithCount', { count }) : t('notifications.bell')}
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={phone ? () => setOpen(true) : undefined}
      data-testid="notification-bell"
      data-unread={count}
    >
      <Badge count={count} size="small" overflowCount={99} data-testid="notification-count">
        <BellOutlined className="notification-bell__icon" />
      </Badge>
    </Button>
  );

  if (phone) {
    return (
      <>
        {bell}
        <Drawer
          placement="top"
          size="auto"
          open={open}
          onClose={() => setOpen(false)}
          title={t('notifications.title')}
          extra={markAllRead}
          footer={seeAll}
          rootClassName="notification-drawer"
          data-testid="notification-panel"
        >
          {body}
        </Drawer>
      </>
    );
  }

  const panel = (
    <div className="notification-panel" data-testid="notification-panel">
      <div className="notification-panel__head">
        <span className="notification-panel__title">{t('notifications.title')}</span>
        {markAllRead}
      </div>
      {body}
      <div className="notification-panel__foot">{seeAll}</div>
    </div>
  );

  return (
    <Popover
      content={panel}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={setOpen}
      arrow={false}
      styles={{ container: { padding: 0 } }}
    >
      {bell}
    </Popover>
  );
}
