import { Alert, Card, Descriptions } from 'antd';
import type { AdminUserDetail } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar';
import { formatDate } from '../../../lib/format';
import { RoleTags, StatusTags } from './user-parts';
import { displayPersonName } from '../../../lib/person-name';
import './back-office-users.css';

/** Who the user is and what they have: the facts an operator reads before changing anything. */
export function UserFactsCard({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const membership = user.membership;
  return (
    <Card className="bo-detail__card" data-testid="user-facts">
      <div className="bo-detail__identity">
        <UserAvatar src={user.avatarUrl} name={displayPersonName(user.name, t)} size={56} />
        <div>
          <div className="bo-detail__name">{displayPersonName(user.name, t)}</div>
          <StatusTags user={user} />
        </div>
      </div>
      {user.disabled && <Alert className="bo-detail__alert" type="error" showIcon title={t('backOffice.detail.disabledAlert')} />}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        items={[
          { key: 'uid', label: t('backOffice.detail.uid'), children: <code>{user.uid}</code> },
          { key: 'phone', label: t('backOffice.detail.phone'), children: user.phone },
          { key: 'inviteCode', label: t('backOffice.detail.inviteCode'), children: user.inviteCode },
          { key: 'roles', label: t('backOffice.users.columns.roles'), children: <RoleTags roles={user.roles} /> },
          {
            key: 'status',
            label: t('backOffice.detail.status'),
            children:
              user.disabledAt === null
                ? t('backOffice.status.active')
                : `${t('backOffice.status.disabled')} (${t('backOffice.detail.disabledSince', { time: formatDate(user.disabledAt) })})`,
          },
          { key: 'createdAt', label: t('backOffice.detail.createdAt'), children: formatDate(user.createdAt) },
          {
            key: 'sessions',
            label: t('backOffice.detail.sessions'),
            children: <span data-testid="user-sessions">{t('backOffice.detail.sessionsValue', { count: user.sessions })}</span>,
          },
          { key: 'works', label: t('backOffice.detail.works'), children: t('backOffice.detail.worksValue', { count: user.works.total }) },
          { key: 'menus', label: t('backOffice.detail.menus'), children: t('backOffice.detail.menusValue', { count: user.menus.length }) },
          {
            key: 'membership',
            label: t('backOffice.detail.membership'),
            children: membership
              ? t('backOffice.detail.membershipValue', {
                  version: membership.versionName,
                  kind: t(`backOffice.detail.membershipKind.${membership.kind}`),
                  status: t(`backOffice.detail.membershipStatus.${membership.status}`),
                  date: formatDate(membership.endsAt, 'YYYY-MM-DD'),
                })
              : t('backOffice.detail.noMembership'),
          },
        ]}
      />
    </Card>
  );
}
