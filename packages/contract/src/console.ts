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

// ---- orders -------------------------------------------------------------------------------------

export const orderQuery = consolePageQuery.extend({
  status: z.enum(['pending_payment', 'paid', 'confirmed', 'shipped', 'received', 'completed', 'cancelled', 'refunded']).optional(),
  refundState: z.enum(['none', 'requested', 'refunding', 'succeeded', 'failed', 'rejected']).optional(),
  buyerId: z.string().max(64).optional(),
  shopId: z.string().max(64).optional(),
});
export const consoleOrder = z.object({
  id: z.string(),
  buyerId: z.string(),
  buyerName: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  status: z.string(),
  refundState: z.string(),
  goodsCount: z.number().int(),
  total: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refundAmount: z.string().nullable(),
  refundReason: z.string().nullable(),
});
export const consoleOrderDetail = consoleOrder.extend({
  address: z.object({ contacts: z.string(), phone: z.string(), email: z.string(), country: z.string(), province: z.string(), city: z.string(), postcode: z.string(), address: z.string() }),
  amounts: z.object({ goods: z.string(), original: z.string(), system: z.string(), profit: z.string(), freight: z.string(), tax: z.string(), serviceFee: z.string(), total: z.string(), commissionRate: z.string() }),
  items: z.array(z.object({ id: z.string(), sellerGoodsId: z.string(), skuId: z.string(), name: z.string(), attributes: z.string(), quantity: z.number().int(), unitPrice: z.string(), lineAmount: z.string(), reviewed: z.boolean() })),
  timeline: z.array(z.object({ key: z.string(), text: z.string(), actorType: z.string(), at: z.string() })),
  transfers: z.array(z.object({ id: z.string(), kind: z.string(), amount: z.string(), debitAccountId: z.string(), creditAccountId: z.string(), at: z.string() })),
  refund: z.object({ remark: z.string(), pictures: z.array(z.string()), requestedAt: z.string().nullable(), refundedAt: z.string().nullable() }),
  deadlines: z.object({ pay: z.string().nullable(), ship: z.string().nullable(), receive: z.string().nullable(), review: z.string().nullable(), returnBy: z.string().nullable() }),
});
export const shipBody = z.object({ reason: z.string().max(500).optional() });
export const manualRefundBody = z.object({ reasonCode: z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9']), amount: z.string().max(40).optional(), reason: z.string().max(500) });
