import { redirect, type LoaderFunctionArgs } from 'react-router';
import { ERROR_TOAST_MS } from '@spatia/contract';
import { ApiError } from '../api/client';
import { getFeedback } from '../api/feedback';
import { EmptyUserInfoError, loadSessionUser } from '../features/auth';
import { i18n } from '../i18n';
import { resetToken, sessionStore } from '../stores/session-store';
import { isPathAccessible, landingPathOf } from './access';
import { decideNavigation, userInfoFailurePath } from './navigation-rules';

function userInfoErrorMessage(error: unknown): string {
  if (error instanceof EmptyUserInfoError) return i18n.t('errors.verificationFailed');
  if (error instanceof ApiError && error.message) return error.message;
  return i18n.t('errors.hasError');
}

/**
 * The navigation guard (spec 2.1, 4), run as the root route's loader before every navigation:
 * anonymous users reach open paths only; with a token the user info is fetched once, and a
 * console route the user may not open shows the 404 page, and a parent of the sidebar leads to its
 * first child page the user may see. A redirect is returned, not thrown: React
 * Router follows a returned redirect Response the same way.
 */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<Response | null> {
  const { pathname, search } = new URL(request.url);
  const session = sessionStore.get();
  const decision = decideNavigation({
    pathname,
    search,
    hasToken: session.token !== '',
    userLoaded: session.token !== '' && session.infoLoadedFor === session.token,
  });

  if (decision.kind === 'redirect') return redirect(decision.to);

  if (decision.kind === 'load-user') {
    try {
      await loadSessionUser(session.token);
    } catch (error) {
      resetToken();
      void getFeedback().message.error({ content: userInfoErrorMessage(error), duration: ERROR_TOAST_MS / 1000 });
      return redirect(userInfoFailurePath(`${pathname}${search}`));
    }
  }

  const current = sessionStore.get();
  if (!current.token) return null;
  if (!isPathAccessible(pathname, current)) return redirect('/404');
  const landing = landingPathOf(pathname, current);
  return landing ? redirect(`${landing}${search}`) : null;
}
