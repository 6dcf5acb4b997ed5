import { Button, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMarkAllNotificationsRead } from '../api/mark-read';

type MarkAllReadButtonProps = Omit<ButtonProps, 'onClick' | 'loading' | 'disabled'> & {
  /** Nothing to mark when 0. */
  unread: number;
};

/** "Mark all read", for the bell's popover and the inbox page. */
export function MarkAllReadButton({ unread, ...button }: MarkAllReadButtonProps) {
  const { t } = useTranslation();
  const markAll = useMarkAllNotificationsRead();
  return (
    <Button {...button} disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
      {t('notifications.markAllRead')}
    </Button>
  );
}
