import { money, parseMoney, type Money } from '@caravan/contract/money';
import { buildPageObject } from '@caravan/contract/paging';
import type { Database, Transaction } from '@caravan/db/client';
import type { AuditLog } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { pageTotal } from '../../platform/capped-count.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { SettingsService } from '../content/settings.ts';
import { cashInAccountFor } from './ledger/chart-of-accounts.ts';
import type { Ledger } from './ledger/ledger.ts';
import type { CallbackBody, PaymentProvider } from './payments/payment-provider.ts';
import { toRechargeRecord } from './wallet.mapper.ts';
import type { RechargeRow, WalletRepository } from './wallet.repository.ts';
import { recordsPage, type Actor, type RequestKey, type WalletService } from './wallet.service.ts';
import { rechargeMachine, type RechargeState } from './wallet-state.ts';

const STABLECOINS = new Set(['USDT', 'USDC']);
const ONE = parseMoney('1');

export interface UploadsPort {
  /** whether the URL is an image this user stored through our upload call (a proof is the depositor's own) */
  isOwnedImage(url: string, userId: string): Promise<boolean>;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What a blockchain deposit credits: the amount at the order's rate, in whole cents, rounded down. */
function blockchainCredit(amount: Money, rate: Money): Money {
  return money.round(money.mulRatio(amount, rate, 'down'), 2, 'down');
}

/** A deposited amount must be positive; stablecoins move in whole cents. */
function checkBlockchainAmount(coin: string, amount: Money): void {
  if (!money.isPositive(amount)) throw new AppError('wallet.recharge_amount_invalid');
  if (STABLECOINS.has(coin.toUpperCase()) && !money.isZero(money.sub(amount, money.round(amount, 2, 'down')))) {
    throw new AppError('wallet.recharge_amount_invalid');
  }
}

export function maskCardNumber(digits: string): string {
  return `**** **** **** ${digits.slice(-4)}`;
}

export class RechargeService {
  constructor(
    private readonly db: Database,
    private readonly repository: WalletRepository,
    private readonly wallet: WalletService,
    private readonly ledger: Ledger,
    private readonly settings: SettingsService,
    private readonly uploads: UploadsPort,
    private readonly provider: PaymentProvider | undefined,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  // ---- rules ------------------------------------------------------------------------------------

  private ensureOpen(): void {
    if (this.settings.get('can_recharge') !== '1') throw new AppError('wallet.channel_unavailable');
  }

  /** USDT value of an amount of a coin (stablecoins 1:1, BTC and ETH at the configured rates). */
  rateOf(coin: string): Money {
    const symbol = coin.toUpperCase();
    if (STABLECOINS.has(symbol)) return ONE;
    if (symbol === 'BTC') return parseMoney(this.settings.get('btc_exchange_usdt'));
    if (symbol === 'ETH') return parseMoney(this.settings.get('eth_exchange_usdt'));
    throw new AppError('wallet.channel_unavailable');
  }

  private checkLimits(usdtValue: Money): void {
    const min = parseMoney(this.settings.get('recharge_limit_min'));
    const max = parseMoney(this.settings.get('recharge_limit_max'));
    if (money.cmp(usdtValue, min) < 0) throw new AppError('wallet.recharge_below_min', { min: money.format(min) });
    if (money.cmp(usdtValue, max) > 0) throw new AppError('wallet.recharge_above_max', { max: money.format(max) });
  }

  channels() {
    const min = this.settings.get('recharge_limit_min');
    const max = this.settings.get('recharge_limit_max');
    const open = this.settings.get('can_recharge') === '1';
    return this.settings.get('recharge_channels').map((channel) => ({
      coin: channel.coin,
      blockchain_name: channel.blockchain_name,
      address: open ? channel.address : null,
      fee: money.format(this.rateOf(channel.coin)),
      recharge_limit_min: min,
      recharge_limit_max: max,
    }));
  }

  /** thirdPartyRecharge!getCoinList: the channels open now (none without a payment provider). */
  thirdPartyChannels() {
    if (!this.provider || this.settings.get('can_recharge') !== '1') return [];
    return this.settings.get('third_party_channels').map((channel) => ({ productType: channel.productType, range: channel.range }));
  }

  limits() {
    return { rechargeAmountMin: this.settings.get('recharge_limit_min'), rechargeAmountMax: this.settings.get('recharge_limit_max') };
  }

  // ---- placing deposits -------------------------------------------------------------------------

  private baseOrder(userId: string, now: Date) {
    return {
      id: newId(),
      orderNo: this.wallet.orderNo('R'),
      userId,
      fee: money.zero,
      state: 'pending' as RechargeState,
      createdAt: now,
      updatedAt: now,
    };
  }

  /** rechargeBlockchain!recharge: a transfer the user made, with its proof, for an operator to check. */
  async recharge(
    userId: string,
    input: { amount: Money; coin: string; blockchain_name?: string | undefined; channel_address?: string | undefined; img: string; from: string; tx?: string | undefined },
    key: RequestKey,
  ): Promise<{ order_no: string }> {
    const payload = { call: 'blockchain', ...input, amount: money.format(input.amount) };
    return this.wallet.once(userId, key, payload, async (tx) => {
      await this.wallet.lockForNewOrder(tx, userId);
      const order = { ...this.baseOrder(userId, this.clock.now()) };
      const channel = this.channelFor(input.coin, input.blockchain_name, input.channel_address);
      const rate = this.rateOf(channel.coin);
      const orderNo = await this.repository.insertRecharge(tx, {
        ...order,
        method: 'blockchain',
        coin: channel.coin.toUpperCase(),
        blockchainName: channel.blockchain_name,
        channelAddress: channel.address,
        fromAddress: input.from.trim(),
        txHash: input.tx?.trim() ?? '',
        proofImageUrl: input.img,
        amount: input.amount,
        rate,
        creditAmount: blockchainCredit(input.amount, rate),
      });
      return { order_no: orderNo };
    }, async () => {
      this.ensureOpen();
      const channel = this.channelFor(input.coin, input.blockchain_name, input.channel_address);
      checkBlockchainAmount(channel.coin, input.amount);
      this.checkLimits(money.mulRatio(input.amount, this.rateOf(channel.coin), 'down'));
      if (!(await this.uploads.isOwnedImage(input.img, userId))) throw new AppError('wallet.proof_invalid');
    });
  }

  private channelFor(coin: string, chain: string | undefined, address: string | undefined) {
    const channels = this.settings.get('recharge_channels').filter((channel) => channel.coin.toUpperCase() === coin.trim().toUpperCase());
    const channel = chain ? channels.find((candidate) => candidate.blockchain_name.toUpperCase() === chain.trim().toUpperCase()) : channels[0];
    if (!channel) throw new AppError('wallet.channel_unavailable');
    if (address && address.trim() !== channel.address) throw new AppError('wallet.channel_unavailable');
    return channel;
  }

  /** thirdPartyRecharge!*: a payment with an external provider; the answer is its payment page. */
  async thirdParty(
    userId: string,
    call: string,
    input: { amount: Money; frenchCurrency?: string | undefined; pageUrl?: string | undefined },
    key: RequestKey,
  ): Promise<string> {
    const provider = this.provider;
    const channel = this.settings.get('third_party_channels').find((candidate) => candidate.call === call);
    const resolve = () => {
      if (!provider || !channel) throw new AppError('wallet.channel_unavailable');
      const code = input.frenchCurrency?.trim().toUpperCase() ?? (channel.range.length === 1 ? channel.range[0]?.bank_code : undefined);
      if (!code) throw new AppError('wallet.fiat_required');
      const range = channel.range.find((entry) => entry.bank_code.toUpperCase() === code);
      const perUsdt = this.settings.get('fiat_per_usdt')[code];
      if (!range || !perUsdt) throw new AppError('wallet.fiat_invalid');
      return { provider, channel, code, range, perUsdt: parseMoney(perUsdt) };
    };
    const payload = { call, amount: money.format(input.amount), currency: input.frenchCurrency ?? '', pageUrl: input.pageUrl ?? '' };
    return this.wallet.once(userId, key, payload, async (tx) => {
      const { provider: payments, channel: chosen, code, perUsdt } = resolve();
      await this.wallet.lockForNewOrder(tx, userId);
      const order = { ...this.baseOrder(userId, this.clock.now()), orderNo: await this.wallet.drawOrderNo(tx, 'R') };
      const credit = money.round(money.div(input.amount, perUsdt, 'down'), 2, 'down');
      const payment = await payments.createPayment({
        orderNo: order.orderNo,
        amount: money.format(input.amount),
        currency: code,
        productType: chosen.productType,
        returnUrl: input.pageUrl,
      });
      await this.repository.insertRecharge(tx, {
        ...order,
        method: 'third_party',
        coin: 'USDT',
        blockchainName: chosen.productType,
        amount: input.amount,
        rate: money.div(ONE, perUsdt, 'down'),
        creditAmount: credit,
        provider: payments.name,
        providerReference: payment.reference,
        fiatCurrency: code,
      });
      return payment.payUrl;
    }, async () => {
      this.ensureOpen();
      const { range, perUsdt } = resolve();
      if (money.cmp(input.amount, parseMoney(range.min_amount)) < 0) throw new AppError('wallet.recharge_below_min', { min: range.min_amount });
      if (money.cmp(input.amount, parseMoney(range.max_amount)) > 0) throw new AppError('wallet.recharge_above_max', { max: range.max_amount });
      void perUsdt;
    });
  }

  /** Bank-card deposit (spec): bank name, card number and amount; reviewed like a blockchain deposit. */
  async bankCard(userId: string, input: { amount: Money; bankName: string; cardNumber: string; currency?: string | undefined }, key: RequestKey): Promise<{ order_no: string }> {
    const digits = input.cardNumber.replace(/[\s-]/g, '');
    const currency = (input.currency ?? 'USD').trim().toUpperCase();
    // the card number is never stored, not even in the idempotency record: only its mask
    const payload = { call: 'bank_card', amount: money.format(input.amount), bankName: input.bankName.trim(), card: maskCardNumber(digits), currency };
    return this.wallet.once(userId, key, payload, async (tx) => {
      await this.wallet.lockForNewOrder(tx, userId);
      const perUsdt = parseMoney(this.settings.get('fiat_per_usdt')[currency] ?? '1');
      const order = this.baseOrder(userId, this.clock.now());
      const orderNo = await this.repository.insertRecharge(tx, {
        ...order,
        method: 'bank_card',
        coin: 'USDT',
        amount: input.amount,
        rate: money.div(ONE, perUsdt, 'down'),
        creditAmount: money.round(money.div(input.amount, perUsdt, 'down'), 2, 'down'),
        fiatCurrency: currency,
        bankName: input.bankName.trim(),
        cardNumberMasked: maskCardNumber(digits),
      });
      return { order_no: orderNo };
    }, async () => {
      this.ensureOpen();
      if (input.bankName.trim().length === 0) throw new AppError('wallet.bank_name_required');
      if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) throw new AppError('wallet.card_number_invalid');
      const perUsdt = this.settings.get('fiat_per_usdt')[currency];
      if (!perUsdt) throw new AppError('wallet.fiat_invalid');
      this.checkLimits(money.div(input.amount, parseMoney(perUsdt), 'down'));
    });
  }

  // ---- decisions --------------------------------------------------------------------------------

  /** Credits the wallet: cash-in of the channel -> the user's wallet. Exactly once per order. */
  /**
   * Credits a deposit. An operator may approve the amount that actually arrived on chain instead of the
   * declared one (`received`, with a reason): the credit follows from the order's rate, the declared
   * amount is kept beside it and both are in the audit record.
   */
  async approve(rechargeId: string, actor: Actor, correction?: { received: Money; reason: string }): Promise<RechargeRow> {
    return this.db.transaction(async (tx) => {
      const order = await this.repository.findRechargeForUpdate(tx, rechargeId);
      if (!order) throw new AppError('wallet.order_not_found');
      if (!correction || money.cmp(correction.received, order.amount) === 0) return this.approveIn(tx, order, actor);
      const { received } = correction;
      if (order.method !== 'blockchain') throw new AppError('wallet.correction_not_allowed');
      if (!rechargeMachine.next(order.state as RechargeState, 'approve')) throw new AppError('wallet.order_already_processed');
      if (correction.reason.trim().length === 0) throw new AppError('wallet.reason_required');
      checkBlockchainAmount(order.coin, received);
      const corrected = { amount: received, creditAmount: blockchainCredit(received, order.rate), declaredAmount: order.declaredAmount ?? order.amount };
      return this.approveIn(tx, { ...order, ...corrected }, actor, corrected);
    });
  }

  private async approveIn(
    tx: Transaction,
    order: RechargeRow,
    actor: Actor,
    corrected?: Pick<RechargeRow, 'amount' | 'creditAmount' | 'declaredAmount'>,
  ): Promise<RechargeRow> {
    const next = rechargeMachine.next(order.state as RechargeState, 'approve');
    if (!next) throw new AppError('wallet.order_already_processed');
    const wallet = await this.ledger.userWallet(tx, order.userId);
    const cashIn = await this.ledger.platformAccount(tx, cashInAccountFor(order.method as 'blockchain', order.coin, order.blockchainName));
    const posted = await this.ledger.postTransfer(tx, {
      kind: 'recharge',
      debitAccountId: cashIn.id,
      creditAccountId: wallet.id,
      amount: order.creditAmount,
      referenceType: 'recharge',
      referenceId: order.id,
      metadata: { orderNo: order.orderNo, method: order.method },
    });
    if (!posted.ok) throw new Error(`recharge credit refused by the ledger: ${posted.reason}`);
    const now = this.clock.now();
    const changes = { ...corrected, state: next, reviewedBy: actor.id, reviewedAt: now, transferId: posted.transfer.id, updatedAt: now };
    await this.repository.updateRecharge(tx, order.id, changes);
    await this.audit.record(tx, {
      actorType: actor.type,
      actorId: actor.id,
      action: 'recharge.approve',
      targetType: 'recharge',
      targetId: order.id,
      reason: actor.reason,
      detail: {
        orderNo: order.orderNo,
        amount: money.format(order.creditAmount),
        transferId: posted.transfer.id,
        ...(corrected?.declaredAmount ? { declaredAmount: money.format(corrected.declaredAmount), receivedAmount: money.format(corrected.amount) } : {}),
      },
      requestId: actor.requestId ?? null,
    });
    return { ...order, ...changes };
  }

  async reject(rechargeId: string, actor: Actor, event: 'reject' | 'fail' = 'reject'): Promise<RechargeRow> {
    if (actor.reason.trim().length === 0) throw new AppError('wallet.reason_required');
    return this.db.transaction(async (tx) => {
      const order = await this.repository.findRechargeForUpdate(tx, rechargeId);
      if (!order) throw new AppError('wallet.order_not_found');
      const next = rechargeMachine.next(order.state as RechargeState, event);
      if (!next) throw new AppError('wallet.order_already_processed');
      const now = this.clock.now();
      const changes = { state: next, rejectReason: actor.reason, reviewedBy: actor.id, reviewedAt: now, updatedAt: now };
      await this.repository.updateRecharge(tx, order.id, changes);
      await this.audit.record(tx, {
        actorType: actor.type,
        actorId: actor.id,
        action: `recharge.${event}`,
        targetType: 'recharge',
        targetId: order.id,
        reason: actor.reason,
        detail: { orderNo: order.orderNo },
        requestId: actor.requestId ?? null,
      });
      return { ...order, ...changes };
    });
  }

  /** A provider's signed callback (the signature is checked by the route). Repeats are harmless. */
  async providerCallback(provider: string, body: CallbackBody): Promise<{ state: string }> {
    return this.db.transaction(async (tx) => {
      const order = await this.repository.findRechargeByProviderReference(tx, provider, body.reference);
      if (!order || order.orderNo !== body.orderNo) throw new AppError('wallet.order_not_found');
      if (order.state !== 'pending') return { state: order.state };
      const actor: Actor = { type: 'system', id: `provider:${provider}`, reason: `provider reported ${body.status}` };
      if (body.status === 'succeeded') return { state: (await this.approveIn(tx, order, actor)).state };
      const now = this.clock.now();
      await this.repository.updateRecharge(tx, order.id, { state: 'failed', rejectReason: actor.reason, reviewedBy: actor.id, reviewedAt: now, updatedAt: now });
      await this.audit.record(tx, { actorType: 'system', actorId: actor.id, action: 'recharge.fail', targetType: 'recharge', targetId: order.id, reason: actor.reason });
      return { state: 'failed' };
    });
  }

  /** The deposit behind a provider's payment reference (the simulator's page shows it). */
  async paymentOf(provider: string, reference: string): Promise<RechargeRow | undefined> {
    return this.repository.findRechargeByProviderReference(this.db, provider, reference);
  }

  // ---- records ----------------------------------------------------------------------------------

  async records(userId: string, request: { page_no?: number | undefined; page_size?: number | undefined }) {
    const page = recordsPage(request.page_no, request.page_size);
    const [rows, total] = await Promise.all([
      this.repository.pageRecharges(this.db, userId, page.pageSize, page.offset),
      this.repository.countRecharges(this.db, userId),
    ]);
    return buildPageObject(rows.map((row) => toRechargeRecord(row, this.timeZone)), page.pageNo, page.pageSize, total);
  }

  /** The console's queue: filter by state, method or user, newest first. */
  async consoleList(filter: { state?: string | undefined; method?: string | undefined; userId?: string | undefined; page: number; pageSize: number }) {
    const query = { ...filter, limit: filter.pageSize, offset: (filter.page - 1) * filter.pageSize };
    const [rows, counted] = await Promise.all([this.repository.consoleRecharges(this.db, query), this.repository.countConsoleRecharges(this.db, query)]);
    return { rows, ...pageTotal(counted) };
  }

  async consoleGet(id: string): Promise<RechargeRow> {
    const row = await this.repository.findRecharge(this.db, id);
    if (!row) throw new AppError('wallet.order_not_found');
    return row;
  }

  async record(userId: string, orderNo: string) {
    const row = await this.repository.findRechargeByOrderNo(this.db, userId, orderNo);
    if (!row) throw new AppError('wallet.order_not_found');
    return toRechargeRecord(row, this.timeZone);
  }
}
