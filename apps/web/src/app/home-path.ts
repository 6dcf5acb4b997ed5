/**
 * Where a signed-in user lands after login when no redirect is given. Apart from the route table,
 * which imports every page: pages link here.
 */
export const HOME_AFTER_LOGIN = '/dashboard/dashboard';
