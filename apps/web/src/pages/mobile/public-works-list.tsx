import type { ReactNode } from 'react';
import { useLanguage } from '../../i18n';
import { PullList } from '../../features/mobile-shell';
import { cardOfSummary, MobileWorkCard, type PageLoader } from '../../features/mobile-site';

/** The public works of /mobile/home and /mobile/category/{id}: two cards a row, pull to refresh, more as you scroll. */
export function PublicWorksList({ listKey, load, empty }: { listKey: string; load: PageLoader; empty: ReactNode }) {
  const language = useLanguage();
  return (
    <PullList
      // Names of people and badges come in the reader's language.
      queryKey={['mobile-site', 'works', listKey, language]}
      load={load}
      itemKey={(work) => work.uid}
      renderItem={(work) => <MobileWorkCard work={cardOfSummary(work)} />}
      empty={empty}
      pageSize={10}
      className="m-work-grid"
      testId="mobile-works"
    />
  );
}
