import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { useTranslation } from 'react-i18next';
import { PlainButton } from '../components/plain-button';
import { SvgIcon } from '../components/svg-icon';

/**
 * Unexpected failures while rendering or loading a page (for example a chunk that failed to load). Plain
 * markup and a plain button (no antd): it is part of every page's first script, and must not need a chunk of its own.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24, textAlign: 'center' }}>
      <div role="alert">
        <SvgIcon icon={CloseCircleFilled} style={{ fontSize: 72, color: '#ff4d4f' }} aria-hidden />
        <h1 style={{ fontSize: 24, margin: '24px 0 8px' }}>{t('errors.crashTitle')}</h1>
        <p style={{ color: 'rgba(0, 0, 0, 0.65)', margin: '0 0 24px' }}>{t('errors.crashText')}</p>
        <PlainButton variant="primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </PlainButton>
      </div>
    </main>
  );
}
