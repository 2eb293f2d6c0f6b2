import { KYC_STATES, type KycState } from '@caravan/contract/kyc';
import { stateMachine } from '../../platform/state-machine.ts';

// A KYC submission as a state machine (ARCHITECTURE section 6). A rejected submission stays
// rejected; the user submits again (a new row), so every decision stays on record.

export type KycEvent = 'approve' | 'reject';

export const kycMachine = stateMachine<KycState, KycEvent>(KYC_STATES, {
  /** an operator checked the documents */
  approve: { from: ['pending'], to: 'approved' },
  /** an operator refused with a reason the user sees */
  reject: { from: ['pending'], to: 'rejected' },
});
