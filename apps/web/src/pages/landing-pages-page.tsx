import { FeaturePage } from '../components/feature-page';
import { LandingConsole } from '../features/brand-pages';

/** /landingPage/landingPage (permission 42): landing pages with a lead form, and their leads (docs/brand-pages.md). */
export default function LandingPagesPage() {
  return (
    <FeaturePage titleKey="brandPages.landing.title" subtitleKey="brandPages.landing.subtitle">
      <LandingConsole />
    </FeaturePage>
  );
}
