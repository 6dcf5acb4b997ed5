import { useTranslation } from 'react-i18next';
import { MobileState } from '../components/mobile-state';

/**
 * A space the page cannot change: the server's reason when reading it failed (not found, or no such space),
 * or that it belongs to someone else.
 */
export function SpaceUnavailable({ error }: { error: Error | null }) {
  const { t } = useTranslation();
  const title = error ? error.message || t('spacePages.state.notFound') : t('spacePages.state.notMine');
  return <MobileState kind="empty" className="sp-page-state" title={title} />;
}
