import { decisionBody, idParams, rejectBody } from '@caravan/contract/console';
import { consoleSellerApplication, consoleSellerApplicationDetail, consoleSellerApplicationPage, sellerApplicationQuery } from '@caravan/contract/sellers';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { restErrorOutput, type ConsoleRoutes } from '../operators/operators.routes.ts';
import type { OperatorIdentity } from '../operators/operators.service.ts';
import { toConsoleSellerApplication, type DocumentUrl } from './sellers.mapper.ts';
import type { SellerApplicationRow } from './sellers.repository.ts';
import type { SettleActor, SettleInService } from './settle-in.service.ts';

// Console routes of settle-in: the application queue, one application with its documents, the
// applicant's earlier applications and every decision, approve (opens the shop) and reject.

export interface SellerRouteDeps {
  settleIn: SettleInService;
  usernames(ids: string[]): Promise<Map<string, { username: string }>>;
  countryName(countryId: number): string;
  /** signed URLs of private supporting documents */
  documentUrl: DocumentUrl;
}

const APPROVED_WITHOUT_REASON = 'approved after review';

function actorOf(operator: OperatorIdentity, reason: string | undefined, requestId: string): SettleActor {
  return { id: operator.id, reason: reason?.trim() ?? '', requestId };
}

export function sellersConsoleRoutes(deps: SellerRouteDeps): ConsoleRoutes {
  const { settleIn } = deps;
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput, 404: restErrorOutput, 409: restErrorOutput };
  const map = async (rows: SellerApplicationRow[]) => {
    const users = await deps.usernames([...new Set(rows.map((row) => row.userId))]);
    return rows.map((row) => toConsoleSellerApplication(row, users.get(row.userId)?.username ?? '', deps.countryName(row.countryId), deps.documentUrl));
  };
  const one = async (row: SellerApplicationRow) => (await map([row]))[0]!;

  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['console sellers'];

    typed.get(
      '/seller-applications',
      {
        schema: { summary: 'Settle-in applications: filter by state and applicant (user id or exact name); newest first.', tags, querystring: sellerApplicationQuery, response: { 200: consoleSellerApplicationPage, ...errors } },
        preHandler: auth.require('sellers.read'),
      },
      async (request) => {
        const { rows, total } = await settleIn.list(request.query);
        return { items: await map(rows), total, page: request.query.page, pageSize: request.query.pageSize };
      },
    );
    typed.get(
      '/seller-applications/:id',
      {
        schema: { summary: "One application: shop details, logo and documents, the applicant's earlier applications and every decision.", tags, params: idParams, response: { 200: consoleSellerApplicationDetail, ...errors } },
        preHandler: auth.require('sellers.read'),
      },
      async (request) => {
        const { application, history, audit } = await settleIn.detail(request.params.id);
        return {
          ...(await one(application)),
          history: await map(history),
          audit: audit.map((entry) => ({ action: entry.action, actorType: entry.actorType, actorId: entry.actorId, reason: entry.reason, at: entry.occurredAt.toISOString() })),
        };
      },
    );
    typed.post(
      '/seller-applications/:id/approve',
      {
        schema: { summary: 'Approve: the shop opens under the applied name, logo and description, and the account becomes a seller.', tags, params: idParams, body: decisionBody, response: { 200: consoleSellerApplication, ...errors } },
        preHandler: auth.require('sellers.decide'),
      },
      async (request) => one(await settleIn.approve(request.params.id, actorOf(auth.operator(request), request.body.reason || APPROVED_WITHOUT_REASON, request.id))),
    );
    typed.post(
      '/seller-applications/:id/reject',
      {
        schema: { summary: 'Refuse an application (reason required; the applicant sees it and may apply again).', tags, params: idParams, body: rejectBody, response: { 200: consoleSellerApplication, ...errors } },
        preHandler: auth.require('sellers.decide'),
      },
      async (request) => one(await settleIn.reject(request.params.id, actorOf(auth.operator(request), request.body.reason, request.id))),
    );
  };
}
