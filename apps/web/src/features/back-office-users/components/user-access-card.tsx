import { LogoutOutlined, StopOutlined, CheckCircleOutlined } from '@ant-design/icons';
import { Button, Card, Switch, Tooltip, Typography } from 'antd';
import type { AdminUserDetail } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { useAccountActions } from './use-account-actions';
import './back-office-users.css';

/** The enterprise flag, disable or enable, and sign out everywhere: each asks before it acts. */
export function UserAccessCard({ user, isSelf }: { user: AdminUserDetail; isSelf: boolean }) {
  const { t } = useTranslation();
  const actions = useAccountActions();
  const disableButton = (
    <Button danger icon={<StopOutlined />} disabled={isSelf} onClick={() => actions.disable(user)} data-testid="disable-user">
      {t('backOffice.access.disable')}
    </Button>
  );
  return (
    <Card className="bo-detail__card" title={t('backOffice.access.title')} data-testid="user-access">
      <div className="bo-access__row">
        <div>
          <div className="bo-access__label">{t('backOffice.access.enterprise')}</div>
          <Typography.Text type="secondary">{t('backOffice.access.enterpriseHelp')}</Typography.Text>
        </div>
        <Switch
          checked={user.enterprise}
          onChange={(on) => actions.setEnterprise(user, on)}
          aria-label={t('backOffice.access.enterprise')}
          data-testid="enterprise-switch"
        />
      </div>
      <div className="bo-detail__card-actions bo-access__buttons">
        {user.disabled ? (
          <Button type="primary" icon={<CheckCircleOutlined />} onClick={() => actions.enable(user)} data-testid="enable-user">
            {t('backOffice.access.enable')}
          </Button>
        ) : isSelf ? (
          <Tooltip title={t('backOffice.access.ownAccount')}>
            <span>{disableButton}</span>
          </Tooltip>
        ) : (
          disableButton
        )}
        <Button icon={<LogoutOutlined />} onClick={() => actions.signOutEverywhere(user)} data-testid="sign-out-everywhere">
          {t('backOffice.access.signOut')}
        </Button>
      </div>
    </Card>
  );
}
