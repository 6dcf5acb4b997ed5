import { Alert, Button, Card, Skeleton, Space, Tag, Typography } from 'antd';
import type { MembershipVersionItem } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '../../../lib/format';
import { useMembershipVersion, useMembershipVersions } from '../api/versions';
import { VersionFeatureTree } from './version-features';
import './membership.css';

function VersionCard({ item, onApply }: { item: MembershipVersionItem; onApply: (versionId: number) => void }) {
  const { t } = useTranslation();
  const detail = useMembershipVersion(item.id);
  return (
    <Card className="membership-version" data-testid="membership-version-card" title={item.identityName}>
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : detail.isError ? (
        <Alert type="warning" showIcon title={t('membership.features.loadFailed')} />
      ) : (
        <>
          <Typography.Paragraph className="membership-version__price">
            {t('membership.vip.monthly', { price: formatYuan(detail.data.monthlyPriceFen) })}
            {detail.data.trialDays > 0 && <Tag color="gold">{t('membership.vip.trialDays', { count: detail.data.trialDays })}</Tag>}
          </Typography.Paragraph>
          <Space size={[4, 8]} wrap className="membership-version__tags">
            {detail.data.priceTags.map((tag) => (
              <Tag key={`${tag.label}-${tag.value}`} color="blue">
                {t('membership.priceTag', { label: tag.label, value: tag.value })}
              </Tag>
            ))}
          </Space>
          <VersionFeatureTree groups={detail.data.permGroups} />
          <Button type="primary" block onClick={() => onApply(item.id)} className="membership-version__apply">
            {t('membership.vip.apply')}
          </Button>
        </>
      )}
    </Card>
  );
}

/** Every version on offer, with its price tags and what it includes, each with Apply. */
export function VersionsOverview({ onApply }: { onApply: (versionId: number) => void }) {
  const { t } = useTranslation();
  const versions = useMembershipVersions();
  return (
    <section aria-labelledby="membership-versions-title" className="membership-versions">
      <Typography.Title level={2} id="membership-versions-title" className="membership-section-title">
        {t('membership.vip.versions')}
      </Typography.Title>
      {versions.isPending ? (
        <Skeleton active />
      ) : versions.isError ? (
        <Alert type="warning" showIcon title={t('membership.features.loadFailed')} />
      ) : (
        <div className="membership-versions__grid">
          {versions.data.map((item) => (
            <VersionCard key={item.id} item={item} onApply={onApply} />
          ))}
        </div>
      )}
    </section>
  );
}
