import { Tag, Typography } from 'antd';
import { isRoleCode, type AdminUserSummary } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { displayPersonName } from '../../../lib/person-name';
import './back-office-users.css';

/** The roles as tags, in the reader's language (admin stands out). */
export function RoleTags({ roles }: { roles: readonly string[] }) {
  const { t } = useTranslation();
  if (roles.length === 0) return <Typography.Text type="secondary">{t('backOffice.users.noRoles')}</Typography.Text>;
  return (
    <span className="bo-tags">
      {roles.map((role) => (
        <Tag key={role} color={role === 'admin' ? 'gold' : undefined} variant="filled">
          {isRoleCode(role) ? t(`backOffice.roles.${role}`) : role}
        </Tag>
      ))}
    </span>
  );
}

/** Active or disabled, and the enterprise mark. */
export function StatusTags({ user }: { user: Pick<AdminUserSummary, 'disabled' | 'enterprise'> }) {
  const { t } = useTranslation();
  return (
    <span className="bo-tags" data-testid="user-status">
      {user.disabled ? <Tag color="red">{t('backOffice.status.disabled')}</Tag> : <Tag color="green">{t('backOffice.status.active')}</Tag>}
      {user.enterprise && <Tag color="purple">{t('backOffice.enterprise')}</Tag>}
    </span>
  );
}

/** Avatar, name (opening the user's page) and uid. */
export function UserCell({ user }: { user: Pick<AdminUserSummary, 'uid' | 'name' | 'avatarUrl'> }) {
  const { t } = useTranslation();
  const name = displayPersonName(user.name, t);
  return (
    <span className="bo-user-cell">
      <UserAvatar src={user.avatarUrl} name={name} size={36} />
      <span className="bo-user-cell__text">
        <Link to={`/admin/users/${user.uid}`} className="bo-user-cell__name" data-testid="user-link">
          {name}
        </Link>
        <span className="bo-user-cell__uid">{user.uid}</span>
      </span>
    </span>
  );
}
