import { LEGACY_LOAN_STATUS } from '@caravan/contract/loans';
import { money, type Money } from '@caravan/contract/money';
import type { LoansService } from '../loans/loans.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import type { BuyerContext } from './chat-inbox.service.ts';

// The buyer's context beside a conversation, read through the orders, wallet and loans services
// (never their tables), so an operator answers without switching screens.

/** Recent orders and wallet records shown beside a conversation. */
export const CONTEXT_ORDERS = 5;
export const CONTEXT_WALLET_LINES = 10;

const LOAN_STATE_OF = new Map<number, string>(Object.entries(LEGACY_LOAN_STATUS).map(([state, code]) => [code, state]));

export function buyerContextPort(deps: { orders: OrdersService; wallet: WalletService; loans: LoansService }) {
  const amount = (value: Money) => money.format(value, { decimals: 2 });
  return async (userId: string): Promise<Omit<BuyerContext, 'user'>> => {
    const [orders, balance, statement, loans] = await Promise.all([
      deps.orders.recentForBuyer(userId, CONTEXT_ORDERS),
      deps.wallet.balance(userId),
      deps.wallet.statement(userId, { page_no: 1, page_size: CONTEXT_WALLET_LINES }),
      deps.loans.history(userId, { pageNum: 1, pageSize: 1 }),
    ]);
    const latestLoan = loans.elements[0];
    return {
      orders: orders.map((order) => ({ id: order.id, status: order.status, refundState: order.refundState, total: amount(order.total), createdAt: order.createdAt.toISOString() })),
      wallet: {
        balance: statement.elements[0]?.balance ?? balance.money,
        available: balance.money,
        frozen: balance.frozen,
        lines: statement.elements.map((line) => ({ transferId: line.transferId, time: line.time, kind: line.kind, direction: line.direction, amount: line.amount })),
      },
      loan: latestLoan
        ? { id: latestLoan.id, state: LOAN_STATE_OF.get(latestLoan.status) ?? String(latestLoan.status), amount: latestLoan.applyAmount, totalRepayment: latestLoan.totalRepayment, dueAt: latestLoan.dueTime || null }
        : null,
    };
  };
}
