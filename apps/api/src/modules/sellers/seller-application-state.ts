import { SELLER_APPLICATION_STATES, type SellerApplicationState } from '@caravan/contract/sellers';
import { stateMachine } from '../../platform/state-machine.ts';

// A settle-in application as a state machine (ARCHITECTURE section 6). A rejected application stays
// rejected; the user applies again with a new application, so every decision stays on record.

export type SellerApplicationEvent = 'approve' | 'reject';

export const sellerApplicationMachine = stateMachine<SellerApplicationState, SellerApplicationEvent>(SELLER_APPLICATION_STATES, {
  /** an operator approved: the shop opens and the account becomes a seller */
  approve: { from: ['pending'], to: 'approved' },
  /** an operator refused with a reason the applicant sees */
  reject: { from: ['pending'], to: 'rejected' },
});
