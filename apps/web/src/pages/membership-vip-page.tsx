import { CrownOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../components/load-failed';
import { PageHeader } from '../components/page-header';
import { loadSessionUser } from '../features/auth';
import {
  applicationBlock,
  MembershipDialog,
  MembershipPaymentsCard,
  MyApplicationsCard,
  MyMembershipCard,
  pendingApplication,
  RenewPanel,
  useMyMembership,
  VersionsOverview,
} from '../features/membership';
import { getToken } from '../stores/session-store';
import './user-information/membership-vip-page.css';

/**
 * Membership (/userInformation/vip): my membership and the application under review, my applications,
 * renewing (months, balance or QR code, automatic renewal) and my membership payments, the versions (the
 * one held and the one applied for marked as such), and the registration dialog.
 */
export default function MembershipVipPage() {
  const { t } = useTranslation();
  const mine = useMyMembership();
  const [dialog, setDialog] = useState<{ versionId?: number }>();
  const renewRef = useRef<HTMLDivElement>(null);
  const current = mine.data?.current;
  // Status and kind: a membership that started, lapsed, or was paid for since sign-in.
  const state = current ? `${current.status}:${current.kind}:${current.endsAt}` : undefined;
  const renewal = mine.data?.renewal ?? null;
  // Apply only where the server would take an application: none pending, no free trial used.
  const canApply = mine.data !== undefined && applicationBlock(mine.data) === null;

  useEffect(() => {
    // A membership that started or ended since sign-in changes the sidebar: take the fresh permissions now.
    const token = getToken();
    if (state && token) void loadSessionUser(token).catch(() => undefined);
  }, [state]);

  const goToRenew = () => {
    renewRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    renewRef.current?.focus({ preventScroll: true });
  };

  return (
    <div className="membership-vip">
      <div className="membership-vip__header">
        <PageHeader title={t('menu.userInformationVip')} subtitle={t('membership.vip.subtitle')} />
        {canApply && (
          <Button type="primary" size="large" icon={<CrownOutlined />} onClick={() => setDialog({})} data-testid="vip-apply">
            {t('membership.vip.apply')}
          </Button>
        )}
      </div>
      {mine.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : mine.isError ? (
        <LoadFailed title={t('membership.vip.loadFailed')} query={mine} />
      ) : (
        <>
          {mine.data.trialUsed && mine.data.current?.status !== 'active' && (
            <Alert type="info" showIcon title={t('membership.vip.blocked.trialUsed')} className="membership-vip__notice" />
          )}
          <div className="membership-vip__grid">
            <MyMembershipCard
              membership={mine.data.current}
              pending={pendingApplication(mine.data)}
              canApply={canApply}
              onApply={() => setDialog({})}
              onRenew={renewal ? goToRenew : undefined}
            />
            <MyApplicationsCard applications={mine.data.applications} />
          </div>
          {(renewal || mine.data.payments.length > 0) && (
            <div className="membership-vip__grid">
              {renewal && <RenewPanel ref={renewRef} membership={mine.data.current} renewal={renewal} />}
              <MembershipPaymentsCard payments={mine.data.payments} />
            </div>
          )}
        </>
      )}
      <VersionsOverview mine={mine.data} onApply={(versionId) => setDialog({ versionId })} />
      <MembershipDialog open={dialog !== undefined} versionId={dialog?.versionId} onClose={() => setDialog(undefined)} />
    </div>
  );
}
