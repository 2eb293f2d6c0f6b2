// Forgot password: idcode!execute (purpose resetpsw) mails a code to the account's bound e-mail (or
// texts its phone), user!resetpsw sets the new password with it. The server answers the same whether
// or not the account exists; every session of the account ends on success.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** "2" the bound e-mail, "1" the bound phone. */
export type ResetChannel = '1' | '2';

export interface ResetPasswordInput {
  username: string;
  verifcode_type: ResetChannel;
  verifcode: string;
  password: string;
  re_password: string;
}

export function sendResetCode(input: { username: string; verifcode_type: ResetChannel }): Promise<unknown> {
  return api.call('idcode!execute', { target: input.username.trim(), purpose: 'resetpsw', verifcode_type: input.verifcode_type }, { silent: true });
}

export function resetPassword(input: ResetPasswordInput): Promise<unknown> {
  return api.call('user!resetpsw', { ...input, username: input.username.trim(), verifcode: input.verifcode.trim() }, { silent: true });
}

export function useSendResetCode() {
  return useMutation({ mutationFn: sendResetCode });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
