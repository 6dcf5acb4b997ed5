// What other parts of the web app use of the membership feature: they import it from here, never from its folders.
export { useMyMembership } from './api/my-membership';
export { useMembershipVersionDetails } from './api/versions';
export { AdminApplicationsQueue } from './components/admin-applications-queue';
export { AdminVersionsEditor } from './components/admin-versions-editor';
export { MembershipDialog } from './components/membership-dialog';
export { MembershipPaymentsCard } from './components/membership-payments';
export { MyApplicationsCard, MyMembershipCard } from './components/my-membership';
export { RenewPanel } from './components/renew-panel';
export { VersionsOverview } from './components/versions-overview';
export { tagsBeyondHeadline } from './lib/price-tags';
export { applicationBlock, pendingApplication } from './lib/version-standing';
