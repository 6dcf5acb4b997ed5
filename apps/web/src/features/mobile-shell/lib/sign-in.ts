import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The sign-in page, coming back to `returnTo` afterwards (the login page's `redirect`, spec 2.1). */
export function signInPath(returnTo: string): string {
  return `/login?redirect=${encodeURIComponent(returnTo)}`;
}

/**
 * For a phone page that is open to everyone but has an action that needs an account: sends the person to sign
 * in, then back to this very page (with its query).
 */
export function useSignInFirst(): () => void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(() => void navigate(signInPath(`${pathname}${search}`)), [navigate, pathname, search]);
}
