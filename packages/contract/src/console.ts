import { z } from 'zod';

// REST shapes of the operator console API (/console/api). Amounts are exact decimal strings, times ISO.

export const consolePageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** A page of a console list; `totalIsLowerBound`: there are more than `total` matches (counts stop at a cap). */
export const consolePage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), totalIsLowerBound: z.boolean().optional() });

// ---- operators and sessions ---------------------------------------------------------------------

export const operatorRoles = z.enum(['admin', 'finance', 'support']);
export const loginBody = z.object({ username: z.string().min(1).max(64), password: z.string().min(1).max(128) });
/** The signed-in operator with what the role may do (permission names such as `recharges.decide`). */
export const consoleOperator = z.object({ id: z.string(), username: z.string(), role: operatorRoles, permissions: z.array(z.string()) });
export const loginAnswer = z.object({ token: z.string(), expiresAt: z.string(), operator: consoleOperator });
/** Every console error answer: a stable key and the message in the request's language. */
export const restError = z.object({ errorKey: z.string(), message: z.string(), issues: z.array(z.object({ path: z.string(), message: z.string() })).optional() });

export const idParams = z.object({ id: z.string().min(1).max(64) });

/** Operator passwords: at least this long (argon2id-hashed, never shown again). */
export const OPERATOR_PASSWORD_MIN = 10;
export const operatorPassword = z.string().min(OPERATOR_PASSWORD_MIN).max(128);
/** Operator user names: lower-case letters, digits, dot, dash and underscore, 3 to 32 characters. */
export const operatorUsername = z.string().trim().toLowerCase().regex(/^[a-z0-9][a-z0-9._-]{2,31}$/);
const operatorReason = z.string().trim().min(1).max(500);
export const operatorQuery = consolePageQuery.extend({ role: operatorRoles.optional(), status: z.enum(['active', 'disabled']).optional() });
/** An operator as the operator list shows it (never the password hash). */
export const consoleOperatorRow = z.object({
  id: z.string(),
  username: z.string(),
  role: operatorRoles,
  status: z.enum(['active', 'disabled']),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export const consoleOperatorPage = consolePage(consoleOperatorRow);
export const operatorCreateBody = z.object({ username: operatorUsername, role: operatorRoles, password: operatorPassword, reason: z.string().trim().max(500).optional() });
export const operatorRoleBody = z.object({ role: operatorRoles, reason: operatorReason });
export const operatorReasonBody = z.object({ reason: operatorReason });
export const operatorPasswordBody = z.object({ password: operatorPassword, reason: operatorReason });

/** Why an operator decided: required to refuse, optional (but recorded) to approve. */
export const decisionBody = z.object({ reason: z.string().max(500).optional() });
export const rejectBody = z.object({ reason: z.string().max(500) });
/** One decision taken on a reviewed item (loan, seller application), from the audit log. */
export const decisionAuditEntry = z.object({ action: z.string(), actorType: z.string(), actorId: z.string().nullable(), reason: z.string().nullable(), at: z.string() });
/** Approving a deposit: `amount` is what actually arrived, when it differs from what the user declared (reason required). */
export const rechargeApproveBody = decisionBody.extend({ amount: z.string().max(40).optional() });
/** `reviewConfirmed`: the operator checked a withdrawal marked "needs review" (required for those, audited). */
export const withdrawalApproveBody = z.object({ txHash: z.string().max(128), reason: z.string().max(500).optional(), reviewConfirmed: z.boolean().optional() });

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
  /** what the user declared when an operator approved a corrected amount, else null */
  declaredAmount: z.string().nullable(),
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
  /** applied in the cool-down after an address change: no approval before this (ISO); null when never held */
  heldUntil: z.string().nullable(),
  /** still held now (pending and before heldUntil) */
  held: z.boolean(),
  /** the first withdrawal to this address above the review threshold: approval needs reviewConfirmed */
  reviewRequired: z.boolean(),
});

/** A user's bound withdrawal address as the console shows it; `address` null when none is bound. */
export const consoleWithdrawAddress = z.object({
  userId: z.string(),
  address: z
    .object({
      coin: z.string(),
      blockchainName: z.string(),
      address: z.string(),
      boundAt: z.string(),
      /** when an operator last changed it, and who */
      changedAt: z.string().nullable(),
      changedBy: z.string().nullable(),
      /** new withdrawals are held until then (ISO); null when no cool-down runs */
      coolDownUntil: z.string().nullable(),
    })
    .nullable(),
});
/** An operator changes a user's bound withdrawal address: reason required, audited with before and after. */
export const withdrawAddressChangeBody = z.object({
  blockchainName: z.string().trim().min(1).max(20),
  coin: z.string().trim().max(10).optional(),
  address: z.string().trim().min(1).max(120),
  /** required (wallet.reason_required when blank) */
  reason: z.string().max(500),
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
  /** the order number */
  id: z.string().max(64).optional(),
  /** placed at or after this instant (ISO) */
  from: z.iso.datetime({ offset: true }).optional(),
  /** placed before this instant (ISO) */
  to: z.iso.datetime({ offset: true }).optional(),
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
  /** What this operator may do to the order now (its states and the operator's role); the console offers only these. */
  actions: z.object({ ship: z.boolean(), approveRefund: z.boolean(), rejectRefund: z.boolean(), manualRefund: z.boolean() }),
});
export const shipBody = z.object({ reason: z.string().max(500).optional() });
export const manualRefundBody = z.object({ reasonCode: z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9']), amount: z.string().max(40).optional(), reason: z.string().max(500) });

/**
 * A payout's transaction hash as its chain writes it (the console checks it as it is typed, the
 * server again on approval): TRON and Bitcoin (OMNI) 64 hex digits, Ethereum 64 hex digits after an
 * optional 0x. Other chains: 8 to 128 letters and digits.
 */
export function isTxHash(chain: string, raw: string): boolean {
  const hash = raw.trim();
  switch (chain.toUpperCase()) {
    case 'TRC20':
    case 'OMNI':
    case 'BTC':
      return /^[0-9a-fA-F]{64}$/.test(hash);
    case 'ERC20':
      return /^(0x)?[0-9a-fA-F]{64}$/.test(hash);
    default:
      return /^[0-9A-Za-z]{8,128}$/.test(hash);
  }
}

// ---- audit log and dashboard ----------------------------------------------------------------------

/** Newest first, keyset-paged: `before` is the `nextBefore` of the previous page. */
export const auditQuery = z.object({
  actorType: z.enum(['user', 'operator', 'system']).optional(),
  actorId: z.string().max(64).optional(),
  /** an operator's user name (instead of actorType and actorId) */
  actor: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  targetType: z.string().max(32).optional(),
  targetId: z.string().max(64).optional(),
  /** at or after this instant (ISO) */
  from: z.iso.datetime({ offset: true }).optional(),
  /** before this instant (ISO) */
  to: z.iso.datetime({ offset: true }).optional(),
  before: z.string().regex(/^\d{1,19}$/).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const consoleAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorType: z.string(),
  actorId: z.string().nullable(),
  /** the operator's or user's name, '' when unknown or a system actor */
  actorName: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  /** what changed (before / after, amounts, addresses ...), as the action recorded it */
  detail: z.record(z.string(), z.unknown()),
  requestId: z.string().nullable(),
});
export const consoleAuditPage = z.object({ items: z.array(consoleAuditEntry), nextBefore: z.string().nullable() });

/** The dashboard's period, [from, to): the operator's "today" by default. */
export const dashboardQuery = z.object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) });
const countAndAmount = z.object({ count: z.number().int(), amount: z.string() });
export const consoleDashboard = z.object({
  from: z.string(),
  to: z.string(),
  orders: z.object({ placed: z.number().int(), paid: z.number().int(), gmv: z.string() }),
  deposits: countAndAmount,
  withdrawals: countAndAmount,
  pending: z.object({ recharges: z.number().int(), withdrawals: z.number().int(), refunds: z.number().int() }),
});

// ---- system parameters ----------------------------------------------------------------------------

export const settingKeyParams = z.object({ key: z.string().min(1).max(64) });
/** A system parameter: its current value (JSON), default, kind for editing, and whether clients read it (syspara). */
export const consoleSetting = z.object({
  key: z.string(),
  value: z.unknown(),
  default: z.unknown(),
  kind: z.enum(['number', 'string', 'boolean', 'json']),
  public: z.boolean(),
  description: z.string(),
});
export const consoleSettings = z.object({ items: z.array(consoleSetting) });
/** A new value (checked against the parameter's own rule) and why it changes (audited). */
export const settingUpdateBody = z.object({ value: z.unknown(), reason: z.string().trim().min(1).max(500) });

// ---- users -----------------------------------------------------------------------------------------

/** Find buyers and sellers: exact user id or user code, or the beginning of the user name (index-backed, no scan). */
export const consoleUserQuery = z.object({ q: z.string().trim().min(1).max(64) });
/** A name search answers at most this many users, best (exact) matches first. */
export const USER_MATCHES_MAX = 20;
export const consoleUser = z.object({
  id: z.string(),
  username: z.string(),
  usercode: z.string(),
  role: z.string(),
  /** 'active' | 'disabled' (locked by an operator) | 'cancelled' */
  status: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
/** `more`: other names also begin so (the operator types more of the name). */
export const consoleUsers = z.object({ items: z.array(consoleUser), more: z.boolean() });
/** A user's identity verification (KYC) per level: 'none' until submitted, then the latest submission's state. */
const kycLevelState = z.enum(['none', 'pending', 'approved', 'rejected']);
export const consoleUserKyc = z.object({
  realName: kycLevelState,
  advanced: kycLevelState,
  /** the verified name, '' until the real-name check passed */
  name: z.string(),
});
export type ConsoleUserKyc = z.infer<typeof consoleUserKyc>;
export const consoleUserDetail = consoleUser.extend({
  kyc: consoleUserKyc,
  /** the latest logins (sessions), newest first */
  logins: z.array(z.object({ at: z.string(), ip: z.string().nullable(), userAgent: z.string().nullable(), endedAt: z.string().nullable(), endReason: z.string().nullable() })),
});
/** Lock or unlock an account: the reason is required and audited. */
export const userLockBody = z.object({ reason: z.string().trim().min(1).max(500) });
