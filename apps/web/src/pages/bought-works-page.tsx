import { FeaturePage } from '../components/feature-page';
import { BoughtWorks } from '../features/market';

/** The works a person bought on the market (/model/bought), each opening the work or their copy. */
export default function BoughtWorksPage() {
  return (
    <FeaturePage titleKey="menu.bought" subtitleKey="market.bought.subtitle">
      <BoughtWorks />
    </FeaturePage>
  );
}
