import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton, Tag, Typography } from 'antd';
import type { MembershipVersionDetail, MembershipVersionItem, MyMembership } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, formatYuan } from '../../../lib/format';
import { useMembershipVersion, useMembershipVersions } from '../api/versions';
import { versionStanding, type VersionStanding } from '../lib/version-standing';
import { ExtraPriceTags } from './extra-price-tags';
import { VersionFeatureTree } from './version-features';
import './membership.css';

/** The version's price and trial, once: the headline from its own fields, then the tags that say more. */
function VersionPrice({ detail }: { detail: MembershipVersionDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Paragraph className="membership-version__price" data-testid="version-price">
        {t('membership.vip.monthly', { price: formatYuan(detail.monthlyPriceFen) })}
        {detail.trialDays > 0 && <Tag color="gold">{t('membership.vip.trialDays', { count: detail.trialDays })}</Tag>}
      </Typography.Paragraph>
      <ExtraPriceTags version={detail} className="membership-version__tags" />
    </>
  );
}

/** Under the features: Apply while the person may, else where they stand with this version and why. */
function StandingFooter({ standing, onApply }: { standing: VersionStanding; onApply: () => void }) {
  const { t } = useTranslation();
  switch (standing.kind) {
    case 'open':
      return (
        <Button type="primary" block onClick={onApply} className="membership-version__apply" data-testid="version-apply">
          {t('membership.vip.apply')}
        </Button>
      );
    case 'held':
      return (
        <p className="membership-version__standing membership-version__standing--held" data-testid="version-standing">
          <CheckCircleFilled aria-hidden /> {t('membership.vip.heldUntil', { date: formatDate(standing.endsAt, 'YYYY-MM-DD') })}
        </p>
      );
    case 'pending':
      return (
        <p className="membership-version__standing membership-version__standing--pending" data-testid="version-standing">
          <ClockCircleOutlined aria-hidden /> {t('membership.vip.pendingSince', { date: formatDate(standing.submittedAt, 'YYYY-MM-DD') })}
        </p>
      );
    case 'blocked':
      return (
        <p className="membership-version__standing" data-testid="version-standing">
          {t(`membership.vip.blocked.${standing.reason}`)}
        </p>
      );
  }
}

const STANDING_TAG: Partial<Record<VersionStanding['kind'], { colour: string; key: string }>> = {
  held: { colour: 'gold', key: 'membership.vip.currentPlan' },
  pending: { colour: 'processing', key: 'membership.vip.pendingReview' },
};

interface VersionCardProps {
  item: MembershipVersionItem;
  /** Unknown until the person's membership has loaded: no footer then, rather than an Apply that may be wrong. */
  standing: VersionStanding | undefined;
  onApply: () => void;
}

function VersionCard({ item, standing, onApply }: VersionCardProps) {
  const { t } = useTranslation();
  const detail = useMembershipVersion(item.id);
  const tag = standing && STANDING_TAG[standing.kind];
  return (
    <Card
      className={`membership-version membership-version--${standing?.kind ?? 'unknown'}`}
      data-testid="membership-version-card"
      data-standing={standing?.kind}
      title={item.identityName}
      extra={tag && <Tag color={tag.colour}>{t(tag.key)}</Tag>}
    >
      {detail.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : detail.isError ? (
        <Alert type="warning" showIcon title={t('membership.features.loadFailed')} />
      ) : (
        <>
          <VersionPrice detail={detail.data} />
          <VersionFeatureTree groups={detail.data.permGroups} />
          {standing && <StandingFooter standing={standing} onApply={onApply} />}
        </>
      )}
    </Card>
  );
}

/**
 * Every version on offer, with its price, trial and what it includes: the plan the person holds marked
 * as theirs, the one they applied for as waiting for review, Apply on the others while they may apply.
 */
export function VersionsOverview({ mine, onApply }: { mine: MyMembership | undefined; onApply: (versionId: number) => void }) {
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
            <VersionCard key={item.id} item={item} standing={mine && versionStanding(item.id, mine)} onApply={() => onApply(item.id)} />
          ))}
        </div>
      )}
    </section>
  );
}
