import { ClockCircleOutlined, CrownOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Image, List, Progress, Space, Tag, Typography } from 'antd';
import type { MembershipApplicationItem, MembershipApplicationStatus, MembershipItem, MembershipStatus } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useWithdrawApplication } from '../api/my-membership';
import { daysLeft, percentLeft } from '../lib/membership-time';
import { membershipPhase } from '../lib/renewal';
import './membership.css';

const STATUS_COLOUR: Record<MembershipStatus, string> = { active: 'green', expired: 'default', revoked: 'red' };
export const APPLICATION_STATUS_COLOUR: Record<MembershipApplicationStatus, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

/** The application under review, in "My membership": which version, since when, and that a notice will follow. */
function PendingApplication({ application, alone }: { application: MembershipApplicationItem; alone: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className={alone ? 'membership-card__pending' : 'membership-card__pending membership-card__pending--below'}
      data-testid="my-membership-pending"
    >
      <div className="membership-card__head">
        <Typography.Title level={alone ? 3 : 4} className="membership-card__version">
          {application.versionName}
        </Typography.Title>
        <Tag color="processing" icon={<ClockCircleOutlined />}>
          {t('membership.vip.pendingReview')}
        </Tag>
      </div>
      <Typography.Paragraph type="secondary" className="membership-card__pending-text">
        {t('membership.vip.pendingText', { date: formatDate(application.createdAt, 'YYYY-MM-DD') })}
      </Typography.Paragraph>
    </div>
  );
}

interface MyMembershipCardProps {
  /** The latest membership, whatever its state; null when the person never had one. */
  membership: MembershipItem | null;
  /** The application waiting for review, if any. */
  pending: MembershipApplicationItem | null;
  /** Whether the person may apply now (nothing pending, no free trial used). */
  canApply: boolean;
  onApply: () => void;
  /** Leads to the renew panel; left out when the membership cannot be renewed. */
  onRenew?: () => void;
}

/**
 * My membership: the version held (trial or paid, when it ends and how much is left, with a bar), its grace
 * period after the end (features kept until then: renew), or why it ended, and the application under review
 * if there is one; with neither, a way to apply.
 */
export function MyMembershipCard({ membership, pending, canApply, onApply, onRenew }: MyMembershipCardProps) {
  const { t } = useTranslation();
  const title = (
    <span className="membership-card__title">
      <CrownOutlined aria-hidden /> {t('membership.vip.current')}
    </span>
  );
  if (!membership) {
    return (
      <Card title={title} className="membership-card" data-testid="my-membership" data-status={pending ? 'pending' : 'none'}>
        {pending ? (
          <PendingApplication application={pending} alone />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('membership.vip.none')}>
            {canApply && (
              <Button type="primary" onClick={onApply} data-testid="vip-apply-empty">
                {t('membership.vip.apply')}
              </Button>
            )}
          </Empty>
        )}
      </Card>
    );
  }
  const phase = membershipPhase(membership);
  const left = daysLeft(membership.endsAt);
  const endDay = formatDate(membership.endsAt, 'YYYY-MM-DD');
  const renewButton = onRenew && (
    <Button type="primary" onClick={onRenew} data-testid="membership-renew-now">
      {t('membership.vip.renewNow')}
    </Button>
  );
  return (
    <Card title={title} className="membership-card" data-testid="my-membership" data-status={membership.status} data-phase={phase}>
      <div className="membership-card__head">
        <Typography.Title level={3} className="membership-card__version">
          {membership.versionName}
        </Typography.Title>
        <Space size={4}>
          <Tag color="gold" data-testid="membership-kind">
            {t(`membership.kind.${membership.kind}`)}
          </Tag>
          {phase === 'grace' ? (
            <Tag color="orange">{t('membership.vip.graceTag')}</Tag>
          ) : (
            <Tag color={STATUS_COLOUR[membership.status]}>{t(`membership.status.${membership.status}`)}</Tag>
          )}
        </Space>
      </div>
      <dl className="membership-card__dates">
        <div>
          <dt>{t('membership.vip.starts')}</dt>
          <dd>{formatDate(membership.startsAt)}</dd>
        </div>
        <div>
          <dt>{t('membership.vip.ends')}</dt>
          <dd data-testid="membership-ends">{formatDate(membership.endsAt)}</dd>
        </div>
      </dl>
      {phase === 'active' && (
        <div className="membership-card__left">
          <Progress percent={percentLeft(membership.startsAt, membership.endsAt)} showInfo={false} strokeColor="#d4a017" />
          <span data-testid="membership-days-left">{t('membership.vip.daysLeft', { count: left })}</span>
        </div>
      )}
      {phase === 'grace' && (
        <Alert
          type="warning"
          showIcon
          title={t('membership.vip.grace', { date: endDay, graceEnds: formatDate(membership.graceEndsAt, 'YYYY-MM-DD') })}
          action={renewButton}
          className="membership-card__alert"
          data-testid="membership-grace"
        />
      )}
      {phase === 'ended' && onRenew && (
        <Alert
          type="error"
          showIcon
          title={t('membership.vip.lapsed', { date: endDay })}
          action={renewButton}
          className="membership-card__alert"
          data-testid="membership-lapsed"
        />
      )}
      {(phase === 'revoked' || (phase === 'ended' && !onRenew)) && (
        <Typography.Paragraph type="secondary">{t('membership.vip.ended', { date: endDay })}</Typography.Paragraph>
      )}
      {pending && <PendingApplication application={pending} alone={false} />}
    </Card>
  );
}

/** My applications, newest first, with the status, the reason of a rejection, and Withdraw while pending. */
export function MyApplicationsCard({ applications }: { applications: readonly MembershipApplicationItem[] }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const withdraw = useWithdrawApplication();

  const confirmWithdraw = (id: number) =>
    modal.confirm({
      title: t('membership.vip.withdrawConfirm'),
      okText: t('membership.vip.withdraw'),
      cancelText: t('common.actions.cancel'),
      onOk: () => withdraw.mutateAsync(id).then(() => void message.success(t('membership.vip.withdrawn'))),
    });

  return (
    <Card title={t('membership.vip.applications')} className="membership-card" data-testid="my-applications">
      {applications.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('membership.vip.noApplications')} />
      ) : (
        <List
          dataSource={[...applications]}
          renderItem={(application) => (
            <List.Item
              key={application.id}
              data-testid="my-application"
              data-status={application.status}
              actions={
                application.status === 'pending'
                  ? [
                      <Button
                        key="withdraw"
                        size="small"
                        onClick={() => {
                          confirmWithdraw(application.id);
                        }}
                      >
                        {t('membership.vip.withdraw')}
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                avatar={
                  application.licenceImages[0] ? (
                    <Image src={application.licenceImages[0]} width={56} height={56} className="membership-thumb" alt="" />
                  ) : undefined
                }
                title={
                  <Space size={8} wrap>
                    <span>{application.versionName}</span>
                    <Tag color={APPLICATION_STATUS_COLOUR[application.status]}>
                      {t(`membership.applicationStatus.${application.status}`)}
                    </Tag>
                  </Space>
                }
                description={
                  <>
                    <div>
                      {application.companyName} · {t('membership.vip.submittedAt', { date: formatDate(application.createdAt) })}
                    </div>
                    {application.reason && (
                      <div className="membership-reason">{t('membership.vip.reason', { reason: application.reason })}</div>
                    )}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
