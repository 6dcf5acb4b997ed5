import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';
import type { IdentityBadge } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import './identity-badges.css';

/**
 * A person's approved identities, beside their name wherever it appears publicly (the work page, and
 * later the person, user-work and market pages). Names come from the server in the reader's language.
 */
export function IdentityBadges({ identities, className }: { identities: readonly IdentityBadge[] | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!identities || identities.length === 0) return null;
  return (
    <span className={className ? `identity-badges ${className}` : 'identity-badges'} data-testid="identity-badges">
      {identities.map((identity) => (
        <Tooltip key={identity.id} title={t('identity.badge.tooltip', { name: identity.name })}>
          <Tag
            className="identity-badge"
            color="gold"
            icon={<SafetyCertificateOutlined aria-hidden />}
            data-testid="identity-badge"
            data-identity={identity.code}
          >
            {identity.name}
          </Tag>
        </Tooltip>
      ))}
    </span>
  );
}
