import { useMemo } from 'react';
import { accessibleConsoleRoutes } from '../../app/access';
import type { AppRoute } from '../../app/route-types';
import { useSession } from '../../stores/session-store';

/** The console routes of the signed-in user, filtered by spec 6. */
export function useAccessibleRoutes(): AppRoute[] {
  const roles = useSession((session) => session.roles);
  const menus = useSession((session) => session.menus);
  return useMemo(() => accessibleConsoleRoutes({ roles, menus }), [roles, menus]);
}
