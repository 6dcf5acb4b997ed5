import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../stores/session-store';
import { HOME_AFTER_LOGIN } from '../app/home-path';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((session) => session.token !== '');
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }} data-testid="not-found">
      <Result
        status="404"
        title={t('errors.notFoundTitle')}
        subTitle={t('errors.notFoundText')}
        extra={[
          <Button type="primary" key="home" onClick={() => void navigate('/')}>
            {t('common.actions.backHome')}
          </Button>,
          signedIn ? (
            <Button key="console" onClick={() => void navigate(HOME_AFTER_LOGIN)}>
              {t('menu.managementSpace')}
            </Button>
          ) : null,
        ]}
      />
    </main>
  );
}
