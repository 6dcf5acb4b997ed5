import { Card, Skeleton, Statistic, Typography } from 'antd';
import type { TeamOverview } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { formatYuan } from '../../../lib/format';
import { useTeamOverview } from '../api/team-api';
import { formatRate } from '../lib/team-display';
import { TeamCharts } from './team-charts';
import { TeamInvite } from './team-invite';
import { TeamMembers } from './team-members';
import { TeamRewards } from './team-rewards';
import './team.css';

/**
 * `/team/index`: the overview (both levels, rewards of today, this month and ever), the invite link and QR
 * code, the rewards by day or month, both levels of members and both kinds of reward. A person with no
 * team yet sees the invitation first.
 */
export function TeamPanel() {
  const { t } = useTranslation();
  const overview = useTeamOverview();

  if (overview.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (overview.isError) return <LoadFailed title={t('team.loadFailed')} query={overview} testId="team-error" />;

  const stat = overview.data;
  const hasTeam = stat.firstLevelCount + stat.secondLevelCount > 0;
  const invite = (
    <Card size="small" title={hasTeam ? t('team.invite.title') : undefined} className="team-panel__invite">
      <TeamInvite code={stat.inviteCode} prominent={!hasTeam} />
    </Card>
  );

  return (
    <div className="team-panel" data-testid="team-panel" data-has-team={hasTeam}>
      {!hasTeam && invite}
      <OverviewCards stat={stat} />
      <Typography.Paragraph type="secondary" className="team-panel__rates" data-testid="team-rates">
        {t('team.overview.rates', {
          first: formatRate(stat.settings.firstLevelBasisPoints),
          second: formatRate(stat.settings.secondLevelBasisPoints),
          count: stat.settings.pendingDays,
        })}
      </Typography.Paragraph>
      {hasTeam && (
        <>
          <div className="team-panel__grid">
            <TeamCharts />
            {invite}
          </div>
          <TeamMembers firstCount={stat.firstLevelCount} secondCount={stat.secondLevelCount} />
          <TeamRewards />
        </>
      )}
    </div>
  );
}

function OverviewCards({ stat }: { stat: TeamOverview }) {
  const { t } = useTranslation();
  const cards = [
    { key: 'first', title: t('team.overview.firstLevel'), value: t('team.overview.people', { count: stat.firstLevelCount }) },
    { key: 'second', title: t('team.overview.secondLevel'), value: t('team.overview.people', { count: stat.secondLevelCount }) },
    { key: 'today', title: t('team.overview.today'), value: formatYuan(stat.todayFen) },
    { key: 'month', title: t('team.overview.month'), value: formatYuan(stat.monthFen) },
    {
      key: 'total',
      title: t('team.overview.total'),
      value: formatYuan(stat.totalFen),
      note: stat.pendingFen > 0 ? t('team.overview.pending', { amount: formatYuan(stat.pendingFen) }) : undefined,
    },
  ];
  return (
    <section className="team-panel__cards" aria-label={t('team.overview.label')}>
      {cards.map((card) => (
        <Card key={card.key} size="small">
          <Statistic title={card.title} value={card.value} data-testid={`team-stat-${card.key}`} />
          {card.note && (
            <Typography.Text type="secondary" className="team-panel__note" data-testid={`team-stat-${card.key}-note`}>
              {card.note}
            </Typography.Text>
          )}
        </Card>
      ))}
    </section>
  );
}
