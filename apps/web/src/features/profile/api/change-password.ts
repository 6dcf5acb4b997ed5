import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { profileQueryOptions } from './get-profile';
import { sessionsQueryOptions } from './sessions';

export interface ChangePasswordInput {
  /** Only when the account has a password (an SMS-only account sets its first one). */
  currentPassword?: string;
  newPassword: string;
}

/** POST /c/password: the user's other sessions end; this one stays. */
export function changePassword(input: ChangePasswordInput): Promise<null> {
  return api.post('/c/password', { body: input });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
      ]);
    },
  });
}
