import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { SensitiveWordsManager } from '../../features/sensitive-words/components/sensitive-words-manager';

/** The sensitive-word list of the back office (/admin/sensitiveWords, admins only). */
export default function SensitiveWordsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('menu.adminSensitiveWords')} subtitle={t('sensitiveWords.subtitle')} />
      <SensitiveWordsManager />
    </>
  );
}
