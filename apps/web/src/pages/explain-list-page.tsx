import { FeaturePage } from '../components/feature-page';
import { NarrationList } from '../features/narrations';

/** /explain/list (permission 962): the owner's narrated guides of their tours (docs/narrations.md). */
export default function ExplainListPage() {
  return (
    <FeaturePage titleKey="narrations.title" subtitleKey="narrations.subtitle">
      <NarrationList />
    </FeaturePage>
  );
}
