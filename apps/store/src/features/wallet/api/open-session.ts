import { api } from '../../../lib/api.ts';
import type { SessionToken } from '../types.ts';

/** rechargeBlockchain!recharge_open: a single-use session_token for the next deposit. */
export async function openRechargeSession(): Promise<string> {
  const data = await api.call<SessionToken>('rechargeBlockchain!recharge_open');
  return data.session_token;
}
