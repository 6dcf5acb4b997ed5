import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

/** A console page that is its header over one feature: most back-office pages, the inbox, the point-cloud list. */
export function FeaturePage({ titleKey, subtitleKey, children }: { titleKey: string; subtitleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} subtitle={t(subtitleKey)} />
      {children}
    </>
  );
}
