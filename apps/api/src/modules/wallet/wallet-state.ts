import { stateMachine } from '../../platform/state-machine.ts';

// Deposits and withdrawals as state machines (ARCHITECTURE section 6). Legacy numeric states live only
// in the mappers: 0 in process, 1 succeeded, 2 failed.

export const RECHARGE_STATES = ['pending', 'approved', 'rejected', 'failed'] as const;
export type RechargeState = (typeof RECHARGE_STATES)[number];

export const rechargeMachine = stateMachine<RechargeState, 'approve' | 'reject' | 'fail'>(RECHARGE_STATES, {
  /** an operator checked the proof, or the payment provider confirmed */
  approve: { from: ['pending'], to: 'approved' },
  /** an operator refused it (reason given) */
  reject: { from: ['pending'], to: 'rejected' },
  /** the payment provider reported a failure, or the payment was abandoned */
  fail: { from: ['pending'], to: 'failed' },
});

export const WITHDRAWAL_STATES = ['pending', 'approved', 'rejected'] as const;
export type WithdrawalState = (typeof WITHDRAWAL_STATES)[number];

export const withdrawalMachine = stateMachine<WithdrawalState, 'approve' | 'reject'>(WITHDRAWAL_STATES, {
  /** paid out on chain (transaction hash recorded): the hold is posted */
  approve: { from: ['pending'], to: 'approved' },
  /** refused: the hold is voided and the money is spendable again */
  reject: { from: ['pending'], to: 'rejected' },
});

export function legacyState(state: string): number {
  if (state === 'pending') return 0;
  if (state === 'approved') return 1;
  return 2;
}
