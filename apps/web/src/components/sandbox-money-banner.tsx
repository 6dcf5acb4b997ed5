import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../api/site-config';
import './sandbox-money-banner.css';

/**
 * On every page while payments and payouts go through the sandbox (GET /open/siteConfig `sandboxMoney`):
 * nobody should take a test site, where recharges are free and withdrawals pay nothing, for a real one.
 * It lets clicks through to the page under it.
 */
export function SandboxMoneyBanner() {
  const { t } = useTranslation();
  if (!useSiteConfig().data?.sandboxMoney) return null;
  return (
    <div className="sandbox-money-banner" role="note" data-testid="sandbox-money-banner">
      {t('layout.sandboxMoney')}
    </div>
  );
}
