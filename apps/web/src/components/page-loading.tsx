import { useTranslation } from 'react-i18next';
import './page-loading.css';

/**
 * Shown while a lazily loaded page or the session is on its way: antd's large `Spin` with its description, drawn
 * with plain elements, since it shows before antd is loaded (or on pages that never load it: docs/web.md, "Loading").
 */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="page-loading" style={{ minHeight: fullScreen ? '100vh' : 240 }}>
      <div className="page-loading__spin">
        <span className="page-loading__dots" aria-hidden>
          <i />
          <i />
          <i />
          <i />
        </span>
        <span className="page-loading__text">{t('common.loading')}</span>
      </div>
    </div>
  );
}
