// What other parts of the web app use of the back-office-users feature: they import it from here, never from its folders.
export { useAdminUser } from './api/get-admin-users';
export { AdminUserList } from './components/admin-user-list';
export { PermissionTreeCard } from './components/permission-tree-card';
export { UserAccessCard } from './components/user-access-card';
export { UserFactsCard } from './components/user-facts-card';
export { UserRolesCard } from './components/user-roles-card';
