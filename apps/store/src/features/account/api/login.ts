// user!newlogin, then the profile (localuser!get) into the session.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { startSession, type SessionGrant } from './user-info.ts';

export interface LoginInput {
  username: string;
  password: string;
}

/** Errors (wrong password, lock-outs) come back translated; the form shows them itself. */
export function login(input: LoginInput): Promise<SessionGrant> {
  return api.call<SessionGrant>('user!newlogin', { username: input.username.trim(), password: input.password }, { silent: true });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const grant = await login(input);
      await startSession(grant, queryClient);
      return grant;
    },
  });
}
