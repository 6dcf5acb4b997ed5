import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { App, Button, Empty, List, Skeleton, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActiveSessionInfo } from '@spatia/contract';
import { formatDate, formatRelativeTime } from '../../../lib/format';
import { describeDevice, parseUserAgent } from '../../../lib/user-agent';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';
import { SectionCard } from '../../../components/section-card';
import './profile.css';

function SessionItem({ session, onRevoke, revoking }: { session: ActiveSessionInfo; onRevoke: () => void; revoking: boolean }) {
  const { t } = useTranslation();
  const { mobile } = parseUserAgent(session.userAgent);
  const label = describeDevice(session.userAgent);
  return (
    <List.Item
      data-testid="session-item"
      data-current={session.current ? 'true' : 'false'}
      actions={
        session.current
          ? []
          : [
              <Button
                key="revoke"
                type="link"
                danger
                onClick={onRevoke}
                loading={revoking}
                aria-label={`${t('profile.sessions.signOut')}: ${label}`}
                data-testid="session-revoke"
              >
                {t('profile.sessions.signOut')}
              </Button>,
            ]
      }
    >
      <List.Item.Meta
        avatar={<span className="icon-tile">{mobile ? <MobileOutlined aria-hidden /> : <DesktopOutlined aria-hidden />}</span>}
        title={
          <span className="profile-session__title">
            <Tooltip title={session.userAgent || undefined}>
              <span>{label}</span>
            </Tooltip>
            {session.current && (
              <Tag color="blue" variant="filled">
                {t('profile.sessions.thisDevice')}
              </Tag>
            )}
          </span>
        }
        description={
          <span className="profile-session__meta">
            <span>{session.ip || '—'}</span>
            <span>{t('profile.sessions.lastSeen', { time: formatRelativeTime(session.lastSeenAt) })}</span>
            <span>{t('profile.sessions.signedInAt', { time: formatDate(session.createdAt, 'YYYY-MM-DD HH:mm') })}</span>
          </span>
        }
      />
    </List.Item>
  );
}

/** Where the account is signed in, with sign-out per device and everywhere else. */
export function SessionsCard() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt - a.lastSeenAt);
  const others = list.filter((session) => !session.current).length;

  const confirmRevoke = (session: ActiveSessionInfo) => {
    modal.confirm({
      title: t('profile.sessions.confirmOneTitle'),
      content: t('profile.sessions.confirmOne', { device: describeDevice(session.userAgent) }),
      okText: t('profile.sessions.signOut'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        revoke.mutateAsync(session.id).then(
          () => void message.success(t('profile.sessions.signedOutOne')),
          () => undefined,
        ),
    });
  };

  const confirmRevokeOthers = () => {
    modal.confirm({
      title: t('profile.sessions.confirmOthersTitle'),
      content: t('profile.sessions.confirmOthers'),
      okText: t('profile.sessions.signOutOthers'),
      okButtonProps: { danger: true },
      cancelText: t('common.actions.cancel'),
      onOk: () =>
        revokeOthers.mutateAsync().then(
          ({ revoked }) => void message.success(t('profile.sessions.signedOutOthers', { count: revoked })),
          () => undefined,
        ),
    });
  };

  return (
    <SectionCard
      heading={t('profile.sessions.title')}
      extra={
        <Button onClick={confirmRevokeOthers} disabled={others === 0} loading={revokeOthers.isPending} data-testid="sessions-revoke-others">
          {t('profile.sessions.signOutOthers')}
        </Button>
      }
    >
      {sessions.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.sessions.empty')} />
      ) : (
        <List
          dataSource={list}
          rowKey="id"
          className="profile-sessions"
          data-testid="sessions-list"
          renderItem={(session) => (
            <SessionItem
              session={session}
              onRevoke={() => confirmRevoke(session)}
              revoking={revoke.isPending && revoke.variables === session.id}
            />
          )}
        />
      )}
    </SectionCard>
  );
}
