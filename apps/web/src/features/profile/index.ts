// What other parts of the web app use of the profile feature: they import it from here, never from its folders.
export { useProfile } from './api/get-profile';
export { ChangePasswordCard } from './components/change-password-card';
export { EnterpriseLogoCard } from './components/enterprise-logo-card';
export { InviteCard } from './components/invite-card';
export { ProfileSummaryCard } from './components/profile-summary-card';
export { SessionsCard } from './components/sessions-card';
