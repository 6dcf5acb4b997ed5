import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { FeaturePage } from '../../components/feature-page';
import { AdminSignedProviders, AdminSigningApplications } from '../../features/signing';

/** /admin/signing (admins): signing applications (approve, reject with a reason) and signed providers (revoke). */
export default function AdminSigningPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage titleKey="menu.adminSigning" subtitleKey="signing.admin.subtitle">
      <Tabs
        items={[
          { key: 'applications', label: t('signing.admin.applicationsTab'), children: <AdminSigningApplications /> },
          { key: 'providers', label: t('signing.admin.providersTab'), children: <AdminSignedProviders /> },
        ]}
      />
    </FeaturePage>
  );
}
