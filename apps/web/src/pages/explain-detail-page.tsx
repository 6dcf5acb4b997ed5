import { useSearchParams } from 'react-router';
import { FeaturePage } from '../components/feature-page';
import { NarrationEditor } from '../features/narrations';

/** /explain/detail?id= (permission 962): one guide's scenes, texts and recordings (docs/narrations.md). */
export default function ExplainDetailPage() {
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id'));
  return (
    <FeaturePage titleKey="narrations.detail.title" subtitleKey="narrations.detail.subtitle">
      <NarrationEditor id={Number.isInteger(id) ? id : 0} />
    </FeaturePage>
  );
}
