import { consoleOperatorPage, consoleOperatorRow, idParams, operatorCreateBody, operatorPasswordBody, operatorQuery, operatorReasonBody, operatorRoleBody } from '@caravan/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OperatorAdminService } from './operator-admin.service.ts';
import type { OperatorRow } from './operators.repository.ts';
import { operatorActor, restErrorOutput, type ConsoleRoutes } from './operators.routes.ts';
import type { OperatorRole } from './operators.service.ts';

// Console routes of operator management (/console/api/operators), `operators.manage` (admin only).
// Rules live in OperatorAdminService; password hashes never leave the server.

function toConsoleOperatorRow(row: OperatorRow) {
  return {
    id: row.id,
    username: row.username,
    role: row.role as OperatorRole,
    status: row.status === 'disabled' ? ('disabled' as const) : ('active' as const),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function operatorAdminRoutes(deps: { admin: OperatorAdminService }): ConsoleRoutes {
  const { admin } = deps;
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput, 404: restErrorOutput, 409: restErrorOutput };
  const tags = ['console operators'];
  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const manage = auth.require('operators.manage');
    typed.get(
      '/operators',
      { schema: { summary: 'Operators by role and state, by user name.', tags, querystring: operatorQuery, response: { 200: consoleOperatorPage, ...errors } }, preHandler: manage },
      async (request) => {
        const { role, status, page, pageSize } = request.query;
        const { rows, total } = await admin.list({ role, status }, { page, pageSize });
        return { items: rows.map(toConsoleOperatorRow), total, page, pageSize };
      },
    );
    typed.post(
      '/operators',
      { schema: { summary: 'Create an operator with a role and an initial password (hashed with argon2id; audited).', tags, body: operatorCreateBody, response: { 200: consoleOperatorRow, ...errors } }, preHandler: manage },
      async (request) => {
        const { reason, ...input } = request.body;
        return toConsoleOperatorRow(await admin.create(input, operatorActor(auth, request, reason)));
      },
    );
    typed.post(
      '/operators/:id/role',
      { schema: { summary: "Change an operator's role (not one's own; reason required, audited).", tags, params: idParams, body: operatorRoleBody, response: { 200: consoleOperatorRow, ...errors } }, preHandler: manage },
      async (request) => toConsoleOperatorRow(await admin.changeRole(request.params.id, request.body.role, operatorActor(auth, request, request.body.reason))),
    );
    for (const [path, disabled] of [['disable', true], ['enable', false]] as const) {
      typed.post(
        `/operators/:id/${path}`,
        {
          schema: { summary: disabled ? "Disable an operator (not oneself): their sessions end and they cannot log in (reason required, audited)." : 'Let a disabled operator log in again (reason required, audited).', tags, params: idParams, body: operatorReasonBody, response: { 200: consoleOperatorRow, ...errors } },
          preHandler: manage,
        },
        async (request) => toConsoleOperatorRow(await admin.setDisabled(request.params.id, disabled, operatorActor(auth, request, request.body.reason))),
      );
    }
    typed.post(
      '/operators/:id/password',
      { schema: { summary: "Set a new password: the lock-out is cleared and the operator's sessions end (reason required, audited).", tags, params: idParams, body: operatorPasswordBody, response: { 200: consoleOperatorRow, ...errors } }, preHandler: manage },
      async (request) => toConsoleOperatorRow(await admin.resetPassword(request.params.id, request.body.password, operatorActor(auth, request, request.body.reason))),
    );
  };
}
