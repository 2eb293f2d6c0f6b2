import { decisionBody, idParams, rejectBody } from '@caravan/contract/console';
import { consoleKycDetail, consoleKycPage, consoleKycPendingCount, consoleKycSubmission, kycQuery, type KycLevel } from '@caravan/contract/kyc';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { restErrorOutput, type ConsoleRoutes } from '../operators/operators.routes.ts';
import type { OperatorIdentity } from '../operators/operators.service.ts';
import { pictureRoles, toConsoleKycSubmission } from './kyc.mapper.ts';
import type { KycRow } from './kyc.repository.ts';
import type { KycActor, KycService } from './kyc.service.ts';

// Console routes of identity verification: the review queue (both levels), one submission with
// signed picture URLs, the user's earlier submissions and every decision, approve and reject.

export interface KycRouteDeps {
  kyc: KycService;
  usernames(ids: string[]): Promise<Map<string, { username: string }>>;
  countryName(countryId: number): string;
  signedUrl(ref: string): { url: string; expiresAt: Date };
}

const APPROVED_WITHOUT_REASON = 'approved after review';

function actorOf(operator: OperatorIdentity, reason: string | undefined, requestId: string): KycActor {
  return { id: operator.id, reason: reason?.trim() ?? '', requestId };
}

export function kycConsoleRoutes(deps: KycRouteDeps): ConsoleRoutes {
  const { kyc } = deps;
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput, 404: restErrorOutput, 409: restErrorOutput };
  const map = async (rows: KycRow[]) => {
    const users = await deps.usernames([...new Set(rows.map((row) => row.userId))]);
    return rows.map((row) => toConsoleKycSubmission(row, users.get(row.userId)?.username ?? '', row.countryId ? deps.countryName(row.countryId) : ''));
  };
  const one = async (row: KycRow) => (await map([row]))[0]!;

  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['console kyc'];

    typed.get(
      '/kyc',
      {
        schema: { summary: 'KYC submissions: filter by state, level and applicant (user id or exact name); newest first.', tags, querystring: kycQuery, response: { 200: consoleKycPage, ...errors } },
        preHandler: auth.require('kyc.read'),
      },
      async (request) => {
        const { rows, total } = await kyc.list(request.query);
        return { items: await map(rows), total, page: request.query.page, pageSize: request.query.pageSize };
      },
    );
    typed.get(
      '/kyc/pending-count',
      {
        schema: { summary: 'Submissions of both levels waiting for a decision.', tags, response: { 200: consoleKycPendingCount, ...errors } },
        preHandler: auth.require('kyc.read'),
      },
      async () => ({ pending: await kyc.pendingCount() }),
    );
    typed.get(
      '/kyc/:id',
      {
        schema: {
          summary: "One submission: the fields, signed picture URLs that expire, the user's other submissions and every decision.",
          tags,
          params: idParams,
          response: { 200: consoleKycDetail, ...errors },
        },
        preHandler: auth.require('kyc.read'),
      },
      async (request) => {
        const { submission, history, audit } = await kyc.detail(request.params.id);
        const roles = pictureRoles(submission.level as KycLevel);
        const signed = submission.pictures.map((ref, index) => ({ role: roles[index] ?? `page_${index + 1}`, ...deps.signedUrl(ref) }));
        return {
          ...(await one(submission)),
          pictures: signed.map(({ role, url }) => ({ role, url })),
          picturesExpireAt: (signed[0]?.expiresAt ?? new Date(0)).toISOString(),
          history: await map(history),
          audit: audit.map((entry) => ({ action: entry.action, actorType: entry.actorType, actorId: entry.actorId, reason: entry.reason, at: entry.occurredAt.toISOString() })),
        };
      },
    );
    typed.post(
      '/kyc/:id/approve',
      {
        schema: { summary: 'Approve a submission (the user is verified at its level).', tags, params: idParams, body: decisionBody, response: { 200: consoleKycSubmission, ...errors } },
        preHandler: auth.require('kyc.decide'),
      },
      async (request) => one(await kyc.approve(request.params.id, actorOf(auth.operator(request), request.body.reason || APPROVED_WITHOUT_REASON, request.id))),
    );
    typed.post(
      '/kyc/:id/reject',
      {
        schema: { summary: 'Refuse a submission (reason required; the user sees it and may submit again).', tags, params: idParams, body: rejectBody, response: { 200: consoleKycSubmission, ...errors } },
        preHandler: auth.require('kyc.decide'),
      },
      async (request) => one(await kyc.reject(request.params.id, actorOf(auth.operator(request), request.body.reason, request.id))),
    );
  };
}
