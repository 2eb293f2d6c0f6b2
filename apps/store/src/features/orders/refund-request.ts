// The order!returns parameters from the refund form, checked the way the server checks them.
import { checkRefundAmount, type RefundAmountProblem } from './order-money.ts';
import { REFUND_REASONS } from './order-rules.ts';

/** Pictures of one refund request (spec section 5; server MAX_REFUND_PICTURES). */
export const MAX_REFUND_PICTURES = 9;
/** order!returns `returnDetail` limit (contract returnsInput). */
export const MAX_REFUND_REMARK_LENGTH = 500;

export interface RefundDraft {
  orderId: string;
  reason: string | undefined;
  amount: string;
  remark: string;
  pictures: readonly string[];
}

export type RefundParams = Record<string, string>;

export type RefundDraftProblem = 'reason' | 'remark' | 'pictures' | RefundAmountProblem;

export type RefundRequestCheck = { ok: true; params: RefundParams } | { ok: false; problem: RefundDraftProblem };

export function buildRefundRequest(draft: RefundDraft, orderTotal: string): RefundRequestCheck {
  if (draft.reason === undefined || !(REFUND_REASONS as readonly string[]).includes(draft.reason)) return { ok: false, problem: 'reason' };
  const amount = checkRefundAmount(draft.amount, orderTotal);
  if (!amount.ok) return { ok: false, problem: amount.problem };
  const remark = draft.remark.trim();
  if (remark.length > MAX_REFUND_REMARK_LENGTH) return { ok: false, problem: 'remark' };
  const pictures = draft.pictures.map((url) => url.trim()).filter((url) => url.length > 0);
  if (pictures.length > MAX_REFUND_PICTURES) return { ok: false, problem: 'pictures' };
  const params: RefundParams = { orderId: draft.orderId, returnReason: draft.reason, returnAmount: amount.value };
  if (remark.length > 0) params.returnDetail = remark;
  pictures.forEach((url, index) => {
    params[`imgUrl${index + 1}`] = url;
  });
  return { ok: true, params };
}
