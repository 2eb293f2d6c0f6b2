import { idParams } from '@caravan/contract/console';
import { consoleLoan, consoleLoanDetail, consoleLoanPage, loanApproveBody, loanQuery, loanRejectBody } from '@caravan/contract/loans';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { restErrorOutput, type ConsoleRoutes } from '../operators/operators.routes.ts';
import type { OperatorIdentity } from '../operators/operators.service.ts';
import type { LoanActor } from './loan-transition.ts';
import type { LoanReviewService } from './loan-review.service.ts';
import { toConsoleLoan } from './loans.mapper.ts';
import type { LoanRow } from './loans.repository.ts';

// Console routes of loans: the review queue, one loan with its pictures and the applicant's history,
// approve (maker-checker above the configured amount) and reject. Rules live in the services.

export interface LoanRouteDeps {
  review: LoanReviewService;
  usernames(ids: string[]): Promise<Map<string, { username: string }>>;
  countryName(countryId: number): string;
}

const APPROVED_WITHOUT_REASON = 'approved after review';

function actorOf(operator: OperatorIdentity, reason: string | undefined, requestId: string): LoanActor {
  return { type: 'operator', id: operator.id, reason: reason?.trim() ?? '', requestId };
}

export function loansConsoleRoutes(deps: LoanRouteDeps): ConsoleRoutes {
  const { review } = deps;
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput, 404: restErrorOutput, 409: restErrorOutput };
  const names = async (rows: LoanRow[]) => deps.usernames([...new Set(rows.map((row) => row.userId))]);
  const one = async (row: LoanRow) => toConsoleLoan(row, (await names([row])).get(row.userId)?.username ?? '', review.secondApprovalAbove());

  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['console loans'];

    typed.get(
      '/loans',
      {
        schema: { summary: 'Loans to review: filter by state, applicant (user id or name) and amount range; newest first.', tags, querystring: loanQuery, response: { 200: consoleLoanPage, ...errors } },
        preHandler: auth.require('loans.read'),
      },
      async (request) => {
        const { rows, total } = await review.list(request.query);
        const users = await names(rows);
        const threshold = review.secondApprovalAbove();
        return { items: rows.map((row) => toConsoleLoan(row, users.get(row.userId)?.username ?? '', threshold)), total, page: request.query.page, pageSize: request.query.pageSize };
      },
    );
    typed.get(
      '/loans/:id',
      {
        schema: { summary: "One loan: identity details, the three ID pictures, the applicant's other loans and every decision.", tags, params: idParams, response: { 200: consoleLoanDetail, ...errors } },
        preHandler: auth.require('loans.read'),
      },
      async (request) => {
        const { loan, history, audit } = await review.detail(request.params.id);
        const users = await names([loan, ...history]);
        const threshold = review.secondApprovalAbove();
        return {
          ...toConsoleLoan(loan, users.get(loan.userId)?.username ?? '', threshold),
          identification: loan.identification,
          countryId: loan.countryId,
          countryName: deps.countryName(loan.countryId),
          pictures: { face: loan.imgCertificateFace, back: loan.imgCertificateBack, hand: loan.imgCertificateHand },
          disbursementTransferId: loan.disbursementTransferId,
          repaymentTransferId: loan.repaymentTransferId,
          history: history.map((row) => toConsoleLoan(row, users.get(row.userId)?.username ?? '', threshold)),
          audit: audit.map((entry) => ({ action: entry.action, actorType: entry.actorType, actorId: entry.actorId, reason: entry.reason, at: entry.occurredAt.toISOString() })),
        };
      },
    );
    typed.post(
      '/loans/:id/approve',
      {
        schema: {
          summary:
            'Approve: the principal is paid into the wallet and the overdue deadline set. Above the configured amount the first call only proposes (state stays pending, proposedBy set) and a different operator confirms.',
          tags,
          params: idParams,
          body: loanApproveBody,
          response: { 200: consoleLoan, ...errors },
        },
        preHandler: auth.require('loans.decide'),
      },
      async (request) => {
        const { loan } = await review.approve(request.params.id, actorOf(auth.operator(request), request.body.reason || APPROVED_WITHOUT_REASON, request.id));
        return one(loan);
      },
    );
    typed.post(
      '/loans/:id/reject',
      {
        schema: { summary: 'Refuse an application (reason required; the applicant sees it and may re-apply).', tags, params: idParams, body: loanRejectBody, response: { 200: consoleLoan, ...errors } },
        preHandler: auth.require('loans.decide'),
      },
      async (request) => one(await review.reject(request.params.id, actorOf(auth.operator(request), request.body.reason, request.id))),
    );
  };
}
