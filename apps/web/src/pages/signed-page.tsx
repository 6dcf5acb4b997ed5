import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { FeaturePage } from '../components/feature-page';
import { MyServiceOrders, OpenServiceOrders } from '../features/service-orders';
import { MySigningPanel } from '../features/signing';

/**
 * /signed/index (spec 2.3, photographers): apply to be a signed service provider and see the application;
 * once signed, the open orders of the provinces served (Accept) and the orders taken (mark shot, deliver).
 */
export default function SignedPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage titleKey="menu.signed" subtitleKey="signing.subtitle">
      <MySigningPanel
        signedContent={
          <Card className="signed-orders">
            <Tabs
              items={[
                { key: 'open', label: t('signing.openOrders'), children: <OpenServiceOrders enabled /> },
                { key: 'mine', label: t('signing.myOrders'), children: <MyServiceOrders side="provider" /> },
              ]}
            />
          </Card>
        }
      />
    </FeaturePage>
  );
}
