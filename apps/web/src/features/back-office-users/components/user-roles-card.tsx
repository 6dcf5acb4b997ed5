import { App, Button, Card, Checkbox, Popconfirm, Tooltip, Typography } from 'antd';
import { ALL_ROLES, Role, isRoleCode, type AdminUserDetail, type RoleCode } from '@spatia/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeAdminUser } from '../api/change-admin-user';
import { displayPersonName } from '../../../lib/person-name';
import './back-office-users.css';

/** The user's roles as check boxes; saved after a confirmation that names the new set. */
export function UserRolesCard({ user, isSelf }: { user: AdminUserDetail; isSelf: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const change = useChangeAdminUser();
  const current = user.roles.filter(isRoleCode);
  const [roles, setRoles] = useState<RoleCode[]>(current);
  const currentKey = [...current].sort().join(',');

  // A saved change (or another admin's) resets the boxes.
  useEffect(() => setRoles(currentKey ? (currentKey.split(',') as RoleCode[]) : []), [currentKey]);

  const changed = [...roles].sort().join(',') !== currentKey;
  const names =
    roles.length > 0
      ? roles.map((role) => t(`backOffice.roles.${role}`)).join(t('backOffice.listSeparator'))
      : t('backOffice.users.noRoles');

  const save = () =>
    change.mutateAsync({ uid: user.uid, change: { kind: 'roles', roles } }).then(
      () => void message.success(t('backOffice.rolesCard.saved')),
      () => undefined,
    );

  return (
    <Card className="bo-detail__card" title={t('backOffice.rolesCard.title')} data-testid="user-roles">
      <Typography.Paragraph type="secondary">{t('backOffice.rolesCard.help')}</Typography.Paragraph>
      <Checkbox.Group<RoleCode> value={roles} onChange={setRoles} className="bo-roles">
        {ALL_ROLES.map((role) => {
          const locked = isSelf && role === Role.admin;
          const box = (
            <Checkbox key={role} value={role} disabled={locked} data-testid={`role-${role}`}>
              {t(`backOffice.roles.${role}`)}
            </Checkbox>
          );
          return locked ? (
            <Tooltip key={role} title={t('backOffice.rolesCard.ownAdmin')}>
              <span>{box}</span>
            </Tooltip>
          ) : (
            box
          );
        })}
      </Checkbox.Group>
      <div className="bo-detail__card-actions">
        <Popconfirm
          title={t('backOffice.rolesCard.confirmTitle', { name: displayPersonName(user.name, t) })}
          description={t('backOffice.rolesCard.confirm', { roles: names })}
          okText={t('common.actions.confirm')}
          cancelText={t('common.actions.cancel')}
          okButtonProps={{ 'data-testid': 'confirm-roles' }}
          onConfirm={() => void save()}
          disabled={!changed}
        >
          <Button type="primary" disabled={!changed} loading={change.isPending} data-testid="save-roles">
            {t('backOffice.rolesCard.save')}
          </Button>
        </Popconfirm>
      </div>
    </Card>
  );
}
