import { z } from 'zod';

// REST shapes of the operator console API (/console/api). Amounts are exact decimal strings, times ISO.

export const consolePageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const consolePage = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const idParams = z.object({ id: z.string().min(1).max(64) });

/** Why an operator decided: required to refuse, optional (but recorded) to approve. */
export const decisionBody = z.object({ reason: z.string().max(500).optional() });
export const rejectBody = z.object({ reason: z.string().max(500) });
export const withdrawalApproveBody = z.object({ txHash: z.string().max(128), reason: z.string().max(500).optional() });

export const rechargeQuery = consolePageQuery.extend({
  state: z.enum(['pending', 'approved', 'rejected', 'failed']).optional(),
  method: z.enum(['blockchain', 'third_party', 'bank_card']).optional(),
  userId: z.string().max(64).optional(),
});
export const withdrawalQuery = consolePageQuery.extend({
  state: z.enum(['pending', 'approved', 'rejected']).optional(),
  userId: z.string().max(64).optional(),
});
export const statementQuery = consolePageQuery.extend({
  kind: z.enum(['recharge', 'withdrawal', 'order_payment', 'order_refund', 'order_income', 'loan']).optional(),
});

export const consoleRecharge = z.object({
  id: z.string(),
  orderNo: z.string(),
  userId: z.string(),
  username: z.string(),
  method: z.string(),
  coin: z.string(),
  blockchainName: z.string(),
  channelAddress: z.string(),
  fromAddress: z.string(),
  txHash: z.string(),
  proofImageUrl: z.string(),
  amount: z.string(),
  rate: z.string(),
  creditAmount: z.string(),
  fiatCurrency: z.string(),
  bankName: z.string(),
  cardNumberMasked: z.string(),
  provider: z.string(),
  state: z.string(),
  rejectReason: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  transferId: z.string().nullable(),
  createdAt: z.string(),
});

export const consoleWithdrawal = z.object({
  id: z.string(),
  orderNo: z.string(),
  userId: z.string(),
  username: z.string(),
  coin: z.string(),
  blockchainName: z.string(),
  toAddress: z.string(),
  amount: z.string(),
  fee: z.string(),
  arrivalAmount: z.string(),
  state: z.string(),
  txHash: z.string(),
  rejectReason: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  holdTransferId: z.string(),
  createdAt: z.string(),
});

export const consoleStatementLine = z.object({
  transferId: z.string(),
  time: z.string(),
  kind: z.string(),
  direction: z.string(),
  amount: z.string(),
  balance: z.string(),
  available: z.string(),
  referenceType: z.string(),
  referenceId: z.string(),
});
export const consoleStatement = z.object({
  userId: z.string(),
  balance: z.string(),
  available: z.string(),
  frozen: z.string(),
  lines: consolePage(consoleStatementLine),
});
