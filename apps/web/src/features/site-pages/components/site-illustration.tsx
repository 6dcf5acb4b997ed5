import {
  AimOutlined,
  CameraOutlined,
  CloudDownloadOutlined,
  CodeSandboxOutlined,
  CompassOutlined,
  CrownOutlined,
  DotChartOutlined,
  SafetyCertificateOutlined,
  ShareAltOutlined,
  ShopOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { SiteIllustration } from '@spatia/contract';
import type { ComponentType } from 'react';

const ICONS: Record<SiteIllustration, ComponentType<{ className?: string }>> = {
  panorama: CompassOutlined,
  model: CodeSandboxOutlined,
  pointCloud: DotChartOutlined,
  editor: AimOutlined,
  share: ShareAltOutlined,
  offline: CloudDownloadOutlined,
  market: ShopOutlined,
  wallet: WalletOutlined,
  team: TeamOutlined,
  brand: CrownOutlined,
  support: CameraOutlined,
  security: SafetyCertificateOutlined,
};

/**
 * A section's picture: its image when the operator gave one, else a drawn tile for its theme (decorative: the
 * section's title says what it is about).
 */
export function SectionVisual({
  imageUrl,
  illustration,
  size = 'card',
}: {
  imageUrl: string;
  illustration: SiteIllustration;
  size?: 'card' | 'hero';
}) {
  if (imageUrl) return <img src={imageUrl} alt="" loading="lazy" className={`site-visual site-visual--${size} site-visual--image`} />;
  const Icon = ICONS[illustration];
  return (
    <div className={`site-visual site-visual--${size} site-visual--${illustration}`} aria-hidden data-illustration={illustration}>
      <span className="site-visual__ring site-visual__ring--a" />
      <span className="site-visual__ring site-visual__ring--b" />
      <span className="site-visual__grid" />
      {size === 'hero' && (
        <>
          <span className="site-visual__chip site-visual__chip--a" />
          <span className="site-visual__chip site-visual__chip--b" />
        </>
      )}
      <Icon className="site-visual__icon" />
    </div>
  );
}
