import { FeaturePage } from '../components/feature-page';
import { IncomePanel } from '../features/orders';

/** /recode/income (permission 37): income by source and by day, with the records. */
export default function IncomePage() {
  return (
    <FeaturePage titleKey="income.title" subtitleKey="income.subtitle">
      <IncomePanel />
    </FeaturePage>
  );
}
