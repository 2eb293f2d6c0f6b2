import { consoleUser, consoleUserDetail, consoleUserQuery, consoleUsers, idParams, userLockBody, type ConsoleUserKyc } from '@caravan/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { restErrorOutput, type ConsoleRoutes } from '../operators/operators.routes.ts';
import type { UserRow } from './accounts.repository.ts';
import type { AccountsService } from './accounts.service.ts';

// Console routes of accounts: find a user, see their logins, lock or unlock them. Rules live in
// AccountsService; rows never reach a response (only the console shape below).

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function toConsoleUser(row: UserRow) {
  return { id: row.id, username: row.username, usercode: row.usercode, role: row.role, status: row.status, createdAt: row.createdAt.toISOString(), lastLoginAt: iso(row.lastLoginAt), lastLoginIp: row.lastLoginIp };
}

export function accountsConsoleRoutes(deps: { accounts: AccountsService; kycOf(userId: string): Promise<ConsoleUserKyc> }): ConsoleRoutes {
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput, 404: restErrorOutput };
  const tags = ['console users'];
  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/users',
      { schema: { summary: 'Find users: the exact user id or user code, or the beginning of the user name (exact name first; at most 20, `more` when others match).', tags, querystring: consoleUserQuery, response: { 200: consoleUsers, ...errors } }, preHandler: auth.require('users.read') },
      async (request) => {
        const { users, more } = await deps.accounts.consoleFind(request.query.q);
        return { items: users.map(toConsoleUser), more };
      },
    );
    typed.get(
      '/users/:id',
      { schema: { summary: 'A user with their identity verification (KYC) state and latest logins (time, address, browser, how the session ended).', tags, params: idParams, response: { 200: consoleUserDetail, ...errors } }, preHandler: auth.require('users.read') },
      async (request) => {
        const { user, logins } = await deps.accounts.consoleDetail(request.params.id);
        const kyc = await deps.kycOf(user.id);
        return { ...toConsoleUser(user), kyc, logins: logins.map((login) => ({ at: login.createdAt.toISOString(), ip: login.ip, userAgent: login.userAgent, endedAt: iso(login.revokedAt), endReason: login.revokeReason })) };
      },
    );
    for (const [path, disabled] of [['lock', true], ['unlock', false]] as const) {
      typed.post(
        `/users/:id/${path}`,
        {
          schema: { summary: disabled ? 'Lock an account: its sessions end and it cannot log in (reason required, audited).' : 'Unlock an account (reason required, audited).', tags, params: idParams, body: userLockBody, response: { 200: consoleUser, ...errors } },
          preHandler: auth.require('users.lock'),
        },
        async (request) => toConsoleUser(await deps.accounts.setDisabled(request.params.id, disabled, { id: auth.operator(request).id, reason: request.body.reason, requestId: request.id })),
      );
    }
  };
}
