import { Button, Result, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import './public-work.css';

interface WorkNoticeProps {
  status: 'info' | 'warning' | '404' | 'error';
  title: string;
  text?: string;
  /** Shown before the way home (e.g. Try again). */
  action?: ReactNode;
  /** Light text on the dark viewer area. */
  dark?: boolean;
}

/** A notice in place of the work or of its viewer, always with a way home. */
export function WorkNotice({ status, title, text, action, dark = false }: WorkNoticeProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      className={dark ? 'public-work-notice public-work-notice--dark' : 'public-work-notice'}
      status={status}
      title={title}
      subTitle={text}
      extra={
        <Space wrap>
          {action}
          <Button type={action ? 'default' : 'primary'} onClick={() => void navigate('/')} data-testid="work-notice-home">
            {t('common.actions.backHome')}
          </Button>
        </Space>
      }
      data-testid="work-notice"
    />
  );
}
