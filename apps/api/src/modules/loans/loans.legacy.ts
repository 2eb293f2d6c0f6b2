import { emptyInput, emptyOutput } from '@caravan/contract/accounts';
import {
  creditApplyInput,
  creditApplyOutput,
  creditBeforePayOutput,
  creditBillOutput,
  creditCheckOutput,
  creditConfigInput,
  creditConfigOutput,
  creditHistoryInput,
  creditHistoryOutput,
  creditIdInput,
  creditPayInput,
  creditRecordOutput,
} from '@caravan/contract/loans';
import { defineAction, type AnyAction } from '../../gateway/action.ts';
import { FUND_PASSWORD_LIMITS } from '../accounts/accounts.legacy.ts';
import { WALLET_RATE_RULES } from '../wallet/wallet.legacy.ts';
import type { LoanRepaymentService } from './loan-repayment.service.ts';
import type { LoansService } from './loans.service.ts';

// The eight `credit!*` calls of the start-up loan (API reference section 9). Every one needs a token;
// legacy clients call them with GET, the gateway serves GET and POST alike.

const TAG = 'loans';

export function loansActions(deps: { loans: LoansService; repayments: LoanRepaymentService }): AnyAction[] {
  const { loans, repayments } = deps;
  return [
    defineAction({
      call: 'credit!check',
      tag: TAG,
      auth: 'user',
      summary: 'The string "true" when the user may apply (no pending, approved or overdue loan), "false" otherwise.',
      input: emptyInput,
      output: creditCheckOutput,
      handler: (_input, ctx) => loans.check(ctx.user.id),
    }),
    defineAction({
      call: 'credit!config',
      tag: TAG,
      auth: 'user',
      summary:
        'The loan offer: interest and overdue rates per day (4 decimals), lendable terms, amount range. With applyAmount and creditPeriod, also the exact cost of that loan (`quote`: total interest, total repayment, overdue interest per day, due time).',
      input: creditConfigInput,
      output: creditConfigOutput,
      handler: (input) => loans.config(input),
    }),
    defineAction({
      call: 'credit!apply',
      tag: TAG,
      auth: 'user',
      summary:
        'Apply for a loan (or re-apply with the rejected loan as creditId): whole amount within the range, a lendable term, identity details and three ID pictures uploaded by the applicant. One unfinished loan per user.',
      input: creditApplyInput,
      output: creditApplyOutput,
      successMessage: 'success.application_submitted',
      rateLimits: [
        { rule: WALLET_RATE_RULES.moneyPerUser, subject: 'user' },
        { rule: WALLET_RATE_RULES.moneyPerIp, subject: 'ip' },
      ],
      handler: (input, ctx) => loans.apply(ctx.user.id, input, ctx.requestId),
    }),
    defineAction({
      call: 'credit!bill',
      tag: TAG,
      auth: 'user',
      summary: 'The loan in use (approved or overdue): amount, interest, days in use, overdue interest, what repaying now costs; zeros when none.',
      input: emptyInput,
      output: creditBillOutput,
      handler: (_input, ctx) => loans.bill(ctx.user.id),
    }),
    defineAction({
      call: 'credit!histroy',
      tag: TAG,
      auth: 'user',
      summary: 'Every loan of the user, newest first (pageNum/pageSize in, the Page object out; the call name is misspelt as legacy clients spell it).',
      input: creditHistoryInput,
      output: creditHistoryOutput,
      handler: (input, ctx) => loans.history(ctx.user.id, input),
    }),
    defineAction({
      call: 'credit!beforepay',
      tag: TAG,
      auth: 'user',
      summary: 'The repayment page of one of the user\'s loans in use: what repaying now costs and the wallet balance.',
      input: creditIdInput,
      output: creditBeforePayOutput,
      handler: (input, ctx) => repayments.beforePay(ctx.user.id, input.creditId),
    }),
    defineAction({
      call: 'credit!pay',
      tag: TAG,
      auth: 'user',
      summary: 'Repay a loan from the wallet with the fund password: principal, interest and any overdue interest, all or nothing.',
      input: creditPayInput,
      output: emptyOutput,
      successMessage: 'success.operation',
      rateLimits: FUND_PASSWORD_LIMITS,
      handler: async (input, ctx) => {
        await repayments.pay(ctx.user.id, input.creditId, input.safeword, {
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          requestId: ctx.requestId,
          idempotencyKey: ctx.idempotencyKey,
        });
        return null;
      },
    }),
    defineAction({
      call: 'credit!beforereapply',
      tag: TAG,
      auth: 'user',
      summary: 'A rejected loan of the user, to prefill the re-application.',
      input: creditIdInput,
      output: creditRecordOutput,
      handler: (input, ctx) => loans.beforeReapply(ctx.user.id, input.creditId),
    }),
  ];
}
