import {
  consolePage,
  consoleRecharge,
  consoleStatement,
  consoleWithdrawal,
  idParams,
  rechargeApproveBody,
  rechargeQuery,
  rejectBody,
  statementQuery,
  withdrawAddressChangeBody,
  withdrawalApproveBody,
  withdrawalQuery,
  consoleWithdrawAddress,
} from '@caravan/contract/console';
import { money, tryParseMoney, type Money } from '@caravan/contract/money';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toAppError } from '../../gateway/http-errors.ts';
import { AppError } from '../../platform/errors.ts';
import type { Translator } from '../../platform/i18n.ts';
import { restErrorOutput, sendRestError, type ConsoleRoutes } from '../operators/operators.routes.ts';
import type { OperatorIdentity } from '../operators/operators.service.ts';
import { SIGNATURE_HEADER, signBody, verifySignature, type CallbackBody } from './payments/payment-provider.ts';
import type { RechargeService } from './recharge.service.ts';
import { cents, toConsoleRecharge, toConsoleWithdrawal } from './wallet.mapper.ts';
import type { Actor, WalletService } from './wallet.service.ts';
import type { WithdrawalService } from './withdrawal.service.ts';

// Console routes of the wallet (review queues and statements), the payment providers' callback and the
// local payment simulator. Rules live in the services; these only translate HTTP.

export interface WalletRouteDeps {
  wallet: WalletService;
  recharges: RechargeService;
  withdrawals: WithdrawalService;
  usernames(ids: string[]): Promise<Map<string, { username: string }>>;
}

const APPROVED_WITHOUT_REASON = 'approved after review';

/** An amount typed by an operator: a plain decimal, at most 10 decimals, never negative. */
function parseAmount(text: string): Money {
  const parsed = tryParseMoney(text.trim());
  if (!parsed.ok) throw new AppError('wallet.recharge_amount_invalid');
  return parsed.value;
}

function actorOf(operator: OperatorIdentity, reason: string | undefined, requestId: string): Actor {
  return { type: 'operator', id: operator.id, reason: reason?.trim() ?? '', requestId };
}

export function walletConsoleRoutes(deps: WalletRouteDeps): ConsoleRoutes {
  const { wallet, recharges, withdrawals } = deps;
  const names = async (ids: string[]) => deps.usernames([...new Set(ids)]);
  const errors = { 400: restErrorOutput, 401: restErrorOutput, 403: restErrorOutput, 404: restErrorOutput, 409: restErrorOutput };

  return (scope, auth) => {
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['console wallet'];

    typed.get(
      '/recharges',
      { schema: { summary: 'Deposits to review (filter by state, method, user), newest first.', tags, querystring: rechargeQuery, response: { 200: consolePage(consoleRecharge), ...errors } }, preHandler: auth.require('recharges.read') },
      async (request) => {
        const { rows, total, totalIsLowerBound } = await recharges.consoleList(request.query);
        const users = await names(rows.map((row) => row.userId));
        return { items: rows.map((row) => toConsoleRecharge(row, users.get(row.userId)?.username ?? '')), total, totalIsLowerBound, page: request.query.page, pageSize: request.query.pageSize };
      },
    );
    typed.get(
      '/recharges/:id',
      { schema: { summary: 'One deposit with its proof image.', tags, params: idParams, response: { 200: consoleRecharge, ...errors } }, preHandler: auth.require('recharges.read') },
      async (request) => {
        const row = await recharges.consoleGet(request.params.id);
        return toConsoleRecharge(row, (await names([row.userId])).get(row.userId)?.username ?? '');
      },
    );
    typed.post(
      '/recharges/:id/approve',
      {
        schema: {
          summary: 'Approve a deposit: the wallet is credited (exactly once). With `amount`, the amount that actually arrived (blockchain deposits; reason required).',
          tags,
          params: idParams,
          body: rechargeApproveBody,
          response: { 200: consoleRecharge, ...errors },
        },
        preHandler: auth.require('recharges.decide'),
      },
      async (request) => {
        const { amount, reason } = request.body;
        const correction = amount === undefined || amount.trim() === '' ? undefined : { received: parseAmount(amount), reason: reason ?? '' };
        const actor = actorOf(auth.operator(request), reason || APPROVED_WITHOUT_REASON, request.id);
        const row = await recharges.approve(request.params.id, actor, correction);
        return toConsoleRecharge(row, (await names([row.userId])).get(row.userId)?.username ?? '');
      },
    );
    typed.post(
      '/recharges/:id/reject',
      { schema: { summary: 'Refuse a deposit (reason required); nothing is credited.', tags, params: idParams, body: rejectBody, response: { 200: consoleRecharge, ...errors } }, preHandler: auth.require('recharges.decide') },
      async (request) => {
        const row = await recharges.reject(request.params.id, actorOf(auth.operator(request), request.body.reason, request.id));
        return toConsoleRecharge(row, (await names([row.userId])).get(row.userId)?.username ?? '');
      },
    );

    typed.get(
      '/withdrawals',
      { schema: { summary: 'Withdrawals to pay out (filter by state, user), newest first.', tags, querystring: withdrawalQuery, response: { 200: consolePage(consoleWithdrawal), ...errors } }, preHandler: auth.require('withdrawals.read') },
      async (request) => {
        const { rows, total, totalIsLowerBound } = await withdrawals.consoleList(request.query);
        const users = await names(rows.map((row) => row.userId));
        const now = withdrawals.now();
        return { items: rows.map((row) => toConsoleWithdrawal(row, users.get(row.userId)?.username ?? '', now)), total, totalIsLowerBound, page: request.query.page, pageSize: request.query.pageSize };
      },
    );
    typed.get(
      '/withdrawals/:id',
      { schema: { summary: 'One withdrawal.', tags, params: idParams, response: { 200: consoleWithdrawal, ...errors } }, preHandler: auth.require('withdrawals.read') },
      async (request) => {
        const row = await withdrawals.consoleGet(request.params.id);
        return toConsoleWithdrawal(row, (await names([row.userId])).get(row.userId)?.username ?? '', withdrawals.now());
      },
    );
    typed.post(
      '/withdrawals/:id/approve',
      {
        schema: {
          summary:
            'Paid out on chain: record the transaction hash; the hold is posted and the fee booked. Refused (409 wallet.withdraw_held) while the cool-down after an address change holds it; one marked "needs review" needs `reviewConfirmed: true` (409 wallet.withdraw_review_unconfirmed).',
          tags,
          params: idParams,
          body: withdrawalApproveBody,
          response: { 200: consoleWithdrawal, ...errors },
        },
        preHandler: auth.require('withdrawals.decide'),
      },
      async (request) => {
        const actor = actorOf(auth.operator(request), request.body.reason || APPROVED_WITHOUT_REASON, request.id);
        const row = await withdrawals.approve(request.params.id, actor, request.body.txHash, { reviewConfirmed: request.body.reviewConfirmed });
        return toConsoleWithdrawal(row, (await names([row.userId])).get(row.userId)?.username ?? '', withdrawals.now());
      },
    );
    typed.post(
      '/withdrawals/:id/reject',
      { schema: { summary: 'Refuse a withdrawal (reason required): the hold is released.', tags, params: idParams, body: rejectBody, response: { 200: consoleWithdrawal, ...errors } }, preHandler: auth.require('withdrawals.decide') },
      async (request) => {
        const row = await withdrawals.reject(request.params.id, actorOf(auth.operator(request), request.body.reason, request.id));
        return toConsoleWithdrawal(row, (await names([row.userId])).get(row.userId)?.username ?? '', withdrawals.now());
      },
    );

    typed.get(
      '/users/:id/withdraw-address',
      { schema: { summary: "A user's bound withdrawal address: when it was bound and last changed, and the cool-down it runs.", tags, params: idParams, response: { 200: consoleWithdrawAddress, ...errors } }, preHandler: auth.require('users.read') },
      async (request) => wallet.consoleAddress(request.params.id),
    );
    typed.post(
      '/users/:id/withdraw-address',
      {
        schema: {
          summary: "Change a user's bound withdrawal address (admin; reason required, audited with before and after). New withdrawals are held for the configured cool-down.",
          tags,
          params: idParams,
          body: withdrawAddressChangeBody,
          response: { 200: consoleWithdrawAddress, ...errors },
        },
        preHandler: auth.require('users.withdraw_address'),
      },
      async (request) => {
        const { reason, ...input } = request.body;
        await wallet.changeAddress(request.params.id, input, { id: auth.operator(request).id, reason, requestId: request.id });
        return wallet.consoleAddress(request.params.id);
      },
    );
    typed.get(
      '/users/:id/statement',
      { schema: { summary: "A user's wallet statement: every transfer with the running balance.", tags, params: idParams, querystring: statementQuery, response: { 200: consoleStatement, ...errors } }, preHandler: auth.require('statements.read') },
      async (request) => {
        const userId = request.params.id;
        const [balance, page] = await Promise.all([
          wallet.balance(userId),
          wallet.statement(userId, { page_no: request.query.page, page_size: request.query.pageSize, kind: request.query.kind }),
        ]);
        const total = money.add(money.fromDb(balance.money), money.fromDb(balance.frozen));
        return {
          userId,
          balance: cents(total),
          available: balance.money,
          frozen: balance.frozen,
          lines: { items: page.elements, total: page.totalElements, page: page.thisPageNumber, pageSize: page.pageSize },
        };
      },
    );
  };
}

/** POST /api/payments/callback/:provider (signed by the provider) and the simulator's pages. */
export function registerPaymentRoutes(
  app: FastifyInstance,
  deps: { recharges: RechargeService; translator: Translator; secret: string; simulator: boolean },
): void {
  const { recharges, translator, secret } = deps;
  const callbackBody = z.object({
    reference: z.string().min(1).max(100),
    orderNo: z.string().min(1).max(64),
    status: z.enum(['succeeded', 'failed']),
    amount: z.string().max(40),
    currency: z.string().max(10),
  });

  app.register(async (scope) => {
    // the signature covers the exact bytes, so this scope reads the body as text
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
    scope.setValidatorCompiler(validatorCompiler);
    scope.setSerializerCompiler(serializerCompiler);
    scope.setErrorHandler((error, request, reply) => {
      if (error instanceof AppError) return sendRestError(reply, request, error, translator);
      // a body over the callback's limit or of another media type is the sender's mistake, not ours
      const known = toAppError(error as FastifyError);
      if (known) return sendRestError(reply, request, known, translator);
      request.log.error({ err: error }, 'unexpected error');
      return sendRestError(reply, request, new AppError('common.system_error'), translator);
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/payments/callback/:provider',
      {
        schema: {
          summary: 'Payment provider callback (HMAC-SHA256 of the body in x-caravan-signature). Repeats are harmless.',
          tags: ['payments'],
          params: z.object({ provider: z.string().max(40) }),
          response: { 200: z.object({ state: z.string() }), 400: restErrorOutput, 401: restErrorOutput, 404: restErrorOutput },
        },
      },
      async (request) => {
        const raw = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers[SIGNATURE_HEADER];
        if (!verifySignature(secret, raw, typeof signature === 'string' ? signature : undefined)) throw new AppError('wallet.payment_signature_invalid');
        let parsed: CallbackBody;
        try {
          parsed = callbackBody.parse(JSON.parse(raw));
        } catch {
          throw new AppError('common.param_invalid', { field: 'body' });
        }
        return recharges.providerCallback(request.params.provider, parsed);
      },
    );
  });

  if (!deps.simulator) return;
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>` +
    `<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem}</style></head><body>${body}</body></html>`;
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  // its inline style and its form, nothing else (the default policy of non-page answers would block the style)
  const sendPage = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).type('text/html').header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'").send(html);

  app.get('/payments/simulator/:reference', { schema: { hide: true } }, async (request, reply) => {
    const { reference } = request.params as { reference: string };
    const order = await recharges.paymentOf('simulator', reference);
    if (!order) return sendPage(reply, page('Payment not found', '<h1>Payment not found</h1>'), 404);
    return sendPage(
      reply,
      page(
        'Payment simulator',
        `<h1>Payment simulator</h1><p>Order <b>${escape(order.orderNo)}</b>: ${escape(money.format(order.amount))} ${escape(order.fiatCurrency)} (state: ${escape(order.state)}).</p>` +
          `<form method="post"><button name="outcome" value="succeeded">Pay</button><button name="outcome" value="failed">Fail the payment</button></form>` +
          `<p><small>Development stand-in for a third-party provider: the buttons send the same signed callback a provider would.</small></p>`,
      ),
    );
  });

  app.post('/payments/simulator/:reference', { schema: { hide: true } }, async (request, reply) => {
    const { reference } = request.params as { reference: string };
    const outcome = (request.body as { outcome?: string } | undefined)?.outcome === 'failed' ? 'failed' : 'succeeded';
    const order = await recharges.paymentOf('simulator', reference);
    if (!order) return sendPage(reply, page('Payment not found', '<h1>Payment not found</h1>'), 404);
    const body = JSON.stringify({ reference, orderNo: order.orderNo, status: outcome, amount: money.format(order.amount), currency: order.fiatCurrency });
    const answer = await app.inject({
      method: 'POST',
      url: '/api/payments/callback/simulator',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, body) },
      payload: body,
    });
    const state = answer.statusCode === 200 ? (answer.json() as { state: string }).state : 'error';
    return sendPage(reply, page('Payment simulator', `<h1>Payment ${escape(state)}</h1><p>Order ${escape(order.orderNo)}. You can close this page.</p>`));
  });
}
