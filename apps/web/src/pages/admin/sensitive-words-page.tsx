import { FeaturePage } from '../../components/feature-page';
import { SensitiveWordsManager } from '../../features/sensitive-words';

/** The sensitive-word list of the back office (/admin/sensitiveWords, admins only). */
export default function SensitiveWordsPage() {
  return (
    <FeaturePage titleKey="menu.adminSensitiveWords" subtitleKey="sensitiveWords.subtitle">
      <SensitiveWordsManager />
    </FeaturePage>
  );
}
