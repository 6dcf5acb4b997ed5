import { FeaturePage } from '../components/feature-page';
import { ShowcaseConsole } from '../features/brand-pages';

/** /tujingxiu/tujingxiu (permission 42): showcases of chosen works under the owner's brand (docs/brand-pages.md). */
export default function ShowcasesPage() {
  return (
    <FeaturePage titleKey="brandPages.showcase.title" subtitleKey="brandPages.showcase.subtitle">
      <ShowcaseConsole />
    </FeaturePage>
  );
}
