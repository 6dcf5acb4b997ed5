import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../components/load-failed';
import { IdentityCard } from '../features/identity';
import { ChangePasswordCard, EnterpriseLogoCard, InviteCard, ProfileSummaryCard, SessionsCard, useProfile } from '../features/profile';
import './user-information/user-information-page.css';
import { PageHeader } from '../components/page-header';

/** My profile (/userInformation/index, permission 161): who I am, how I sign in, where I am signed in, the identities I prove. */
export default function UserInformationPage() {
  const { t } = useTranslation();
  const profile = useProfile();

  return (
    <div className="user-information">
      <PageHeader title={t('profile.title')} subtitle={t('profile.subtitle')} />
      {profile.isPending ? (
        <Skeleton avatar active paragraph={{ rows: 4 }} />
      ) : profile.isError ? (
        <LoadFailed title={t('profile.loadFailed')} query={profile} />
      ) : (
        <>
          <ProfileSummaryCard profile={profile.data} />
          <div className="user-information__grid">
            <div className="user-information__column">
              <ChangePasswordCard profile={profile.data} />
              <SessionsCard />
            </div>
            <div className="user-information__column">
              <InviteCard profile={profile.data} />
              {profile.data.isEnterprise && <EnterpriseLogoCard profile={profile.data} />}
            </div>
          </div>
          <IdentityCard />
        </>
      )}
    </div>
  );
}
