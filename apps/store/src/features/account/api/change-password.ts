// user!updateOldAndNewPsw: the server signs the user's other sessions out.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export interface ChangePasswordInput {
  old_password: string;
  password: string;
  re_password: string;
}

export function changePassword(input: ChangePasswordInput): Promise<null> {
  return api.call<null>('user!updateOldAndNewPsw', { ...input }, { silent: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
