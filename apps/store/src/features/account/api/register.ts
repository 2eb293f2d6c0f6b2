// localuser!registerNoVerifcode: creates the account and answers with a session (auto-login).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { startSession, type SessionGrant } from './user-info.ts';

export interface RegisterInput {
  /** phone as "+<area code><number>", e-mail, or user name */
  username: string;
  /** "1" phone, "2" e-mail, "3" user name */
  type: '1' | '2' | '3';
  password: string;
  re_password: string;
  agentCode: string;
}

export function register(input: RegisterInput): Promise<SessionGrant> {
  return api.call<SessionGrant>('localuser!registerNoVerifcode', { ...input }, { silent: true });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      const grant = await register(input);
      await startSession(grant, queryClient);
      return grant;
    },
  });
}
