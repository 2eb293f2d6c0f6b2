import type { Database, Executor } from '@caravan/db/client';
import { settings } from '@caravan/db/schema/content';
import { z } from 'zod';
import type { AuditLog } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';

// The typed configuration table: every business setting operators may change at run time, with its
// schema and default. Rows in `settings` override defaults. `public` settings can be read by clients
// through syspara!getSyspara (legacy codes); the others never leave the server.

interface SettingDefinition<S extends z.ZodType> {
  schema: S;
  default: z.output<S>;
  public: boolean;
  description: string;
}

function setting<S extends z.ZodType>(definition: SettingDefinition<S>): SettingDefinition<S> {
  return definition;
}

const url = z.string().max(500);
/** an amount or rate as a decimal string (money is never a JS number) */
const decimal = z.string().regex(/^(0|[1-9]\d{0,17})(\.\d{1,10})?$/);
const rechargeChannel = z.object({
  coin: z.string().max(10),
  blockchain_name: z.string().max(20),
  address: z.string().max(100),
});
const thirdPartyChannel = z.object({
  productType: z.string().max(30),
  /** the legacy call that pays through it (thirdPartyRecharge!recharge, PHP_recharge ... PHP_recharge5) */
  call: z.string().max(30),
  range: z.array(z.object({ bank_code: z.string().max(10), min_amount: decimal, max_amount: decimal })).max(20),
});

export const settingDefinitions = {
  mall_max_goods_number_in_order: setting({
    schema: z.number().int().min(1).max(100_000),
    default: 500,
    public: true,
    description: 'Largest quantity of one item in one order (cart and submit).',
  }),
  mall_min_goods_number_in_order: setting({
    schema: z.number().int().min(1).max(100_000),
    default: 1,
    public: true,
    description: 'Smallest quantity of one item in one order; a good may ask for more (buyMin).',
  }),
  address_limit: setting({
    schema: z.number().int().min(1).max(200),
    default: 20,
    public: false,
    description: 'Delivery addresses one user may keep.',
  }),
  shop_follower_capacity: setting({
    schema: z.number().int().min(1).max(100_000_000),
    default: 1_000_000,
    public: false,
    description: 'Followers one shop can have; following a full shop is refused.',
  }),
  customer_service_url: setting({
    schema: url,
    default: '',
    public: true,
    description: 'External customer-service page; empty uses the built-in chat.',
  }),
  number_of_wrong_passwords: setting({
    schema: z.number().int().min(1).max(20),
    default: 3,
    public: false,
    description: 'Wrong passwords in a row before the short lock-out.',
  }),
  password_lock_minutes: setting({
    schema: z.number().int().min(1).max(1440),
    default: 3,
    public: false,
    description: 'Length of the short lock-out after too many wrong passwords.',
  }),
  account_reregister_days: setting({
    schema: z.number().int().min(0).max(3650),
    default: 30,
    public: false,
    description: 'Days a cancelled account name stays reserved before it can be registered again.',
  }),
  verification_code_ttl_minutes: setting({
    schema: z.number().int().min(1).max(120),
    default: 10,
    public: false,
    description: 'Lifetime of an e-mail / SMS verification code.',
  }),
  verification_codes_per_target_per_day: setting({
    schema: z.number().int().min(1).max(100),
    default: 5,
    public: false,
    description: 'Verification codes one address may receive per day.',
  }),
  can_recharge: setting({
    schema: z.enum(['0', '1']),
    default: '1',
    public: true,
    description: 'Whether deposits are open ("1") or closed ("0").',
  }),
  recharge_limit_min: setting({
    schema: decimal,
    default: '1',
    public: false,
    description: 'Smallest deposit, in USDT value.',
  }),
  recharge_limit_max: setting({
    schema: decimal,
    default: '100000',
    public: false,
    description: 'Largest deposit, in USDT value.',
  }),
  recharge_channels: setting({
    schema: z.array(rechargeChannel).max(20),
    default: [
      { coin: 'USDT', blockchain_name: 'TRC20', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' },
      { coin: 'USDT', blockchain_name: 'ERC20', address: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' },
      { coin: 'BTC', blockchain_name: 'BTC', address: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT' },
      { coin: 'ETH', blockchain_name: 'ERC20', address: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e' },
    ],
    public: false,
    description: 'Platform deposit addresses per coin and chain (demo addresses: replace them before going live).',
  }),
  btc_exchange_usdt: setting({
    schema: decimal,
    default: '96000',
    public: false,
    description: 'USDT credited per BTC deposited.',
  }),
  eth_exchange_usdt: setting({
    schema: decimal,
    default: '3400',
    public: false,
    description: 'USDT credited per ETH deposited.',
  }),
  third_party_channels: setting({
    schema: z.array(thirdPartyChannel).max(20),
    default: [
      { productType: 'Bank', call: 'recharge', range: [{ bank_code: 'PHP', min_amount: '100', max_amount: '500000' }, { bank_code: 'USD', min_amount: '10', max_amount: '10000' }] },
      { productType: 'GCash', call: 'PHP_recharge', range: [{ bank_code: 'PHP', min_amount: '100', max_amount: '50000' }] },
      { productType: 'GCash2', call: 'PHP_recharge2', range: [{ bank_code: 'PHP', min_amount: '100', max_amount: '50000' }] },
      { productType: 'GCash3', call: 'PHP_recharge3', range: [{ bank_code: 'PHP', min_amount: '100', max_amount: '50000' }] },
      { productType: 'Maya', call: 'PHP_recharge4', range: [{ bank_code: 'PHP', min_amount: '100', max_amount: '50000' }] },
      { productType: 'GCashPay', call: 'PHP_recharge5', range: [{ bank_code: 'PHP', min_amount: '100', max_amount: '50000' }] },
    ],
    public: false,
    description: 'Third-party payment channels and their amount ranges per fiat currency.',
  }),
  fiat_per_usdt: setting({
    schema: z.record(z.string().max(10), decimal),
    default: { PHP: '58', USD: '1' },
    public: false,
    description: 'Units of each fiat currency per USDT, for third-party and bank-card deposits.',
  }),
  withdraw_limit_min: setting({
    schema: decimal,
    default: '10',
    public: false,
    description: 'Smallest withdrawal, USDT.',
  }),
  withdraw_limit_max: setting({
    schema: decimal,
    default: '50000',
    public: false,
    description: 'Largest withdrawal, USDT.',
  }),
  withdraw_limit_num: setting({
    schema: z.number().int().min(1).max(1000),
    default: 3,
    public: false,
    description: 'Withdrawals one user may apply for per day (platform time zone).',
  }),
  withdrawal_time: setting({
    schema: z.string().regex(/^\d{2}:\d{2}:\d{2}-\d{2}:\d{2}:\d{2}$/),
    default: '00:00:00-23:59:59',
    public: false,
    description: 'Daily window for withdrawal applications, HH:mm:ss-HH:mm:ss in the platform time zone.',
  }),
  withdraw_advanced_kyc_above: setting({
    schema: decimal,
    default: '0',
    public: false,
    description:
      'Withdrawals above this amount (USDT) need a passed advanced identity verification (proof of address); "0" turns the rule off (the default, so a new platform can pay out before it staffs KYC reviews; e.g. "10000" once it does).',
  }),
  withdraw_address_cooldown_hours: setting({
    schema: z.number().int().min(0).max(24 * 30),
    default: 24,
    public: false,
    description:
      'Hours after an operator changed a user\'s withdrawal address during which new withdrawals are accepted but held (no payout before the cool-down ends); 0 turns the cool-down off.',
  }),
  withdraw_daily_amount_max: setting({
    schema: decimal,
    default: '0',
    public: false,
    description: 'Largest total one user may withdraw per day (platform time zone), USDT, counting withdrawals in review or paid out; "0" turns the limit off. The count per day is withdraw_limit_num.',
  }),
  withdraw_weekly_amount_max: setting({
    schema: decimal,
    default: '0',
    public: false,
    description: 'Largest total one user may withdraw per week (Monday to Sunday, platform time zone), USDT, counting withdrawals in review or paid out; "0" turns the limit off.',
  }),
  withdraw_weekly_count_max: setting({
    schema: z.number().int().min(0).max(10_000),
    default: 0,
    public: false,
    description: 'Withdrawals one user may apply for per week (Monday to Sunday, platform time zone), counted like withdraw_limit_num; 0 turns the limit off.',
  }),
  withdraw_new_address_review_above: setting({
    schema: decimal,
    default: '0',
    public: false,
    description:
      'A first withdrawal to an address (no earlier payout to it) above this amount, USDT, is marked "needs review": approving it takes an explicit review confirmation; "0" turns the rule off.',
  }),
  withdraw_fee_rate: setting({
    schema: decimal,
    default: '0.01',
    public: false,
    description: 'Withdrawal fee as a share of the amount (0.01 = 1%).',
  }),
  session_token_ttl_minutes: setting({
    schema: z.number().int().min(1).max(1440),
    default: 30,
    public: false,
    description: 'Lifetime of a legacy single-use session_token.',
  }),
  order_pay_timeout_minutes: setting({
    schema: z.number().int().min(1).max(7 * 24 * 60),
    default: 30,
    public: false,
    description: 'An unpaid order is cancelled (and its stock released) this long after it was placed.',
  }),
  order_max_unpaid: setting({
    schema: z.number().int().min(1).max(1000),
    default: 10,
    public: false,
    description: 'Unpaid orders one buyer may have at a time; more are refused at submit.',
  }),
  order_min_amount: setting({
    schema: decimal,
    default: '0',
    public: false,
    description: 'Smallest goods amount of one order, USDT (0: no minimum).',
  }),
  order_tax_rate: setting({
    schema: decimal,
    default: '0',
    public: false,
    description: 'Tax as a share of the goods amount of an order (0.05 = 5%).',
  }),
  order_service_fee_rate: setting({
    schema: decimal,
    default: '0',
    public: false,
    description: 'Platform service fee as a share of the goods amount of an order.',
  }),
  order_commission_rate: setting({
    schema: decimal,
    default: '0.1',
    public: false,
    description: "Share of a seller's margin the platform keeps when an order completes.",
  }),
  order_auto_ship_hours: setting({
    schema: z.number().int().min(1).max(24 * 60),
    default: 24,
    public: false,
    description: 'The platform warehouse ships a confirmed (or paid) order automatically after this long.',
  }),
  order_auto_receive_days: setting({
    schema: z.number().int().min(1).max(365),
    default: 15,
    public: false,
    description: 'A shipped order is received automatically this many days after shipping.',
  }),
  order_auto_review_days: setting({
    schema: z.number().int().min(1).max(365),
    default: 7,
    public: false,
    description: 'A received order gets the default good review (and completes) after this many days.',
  }),
  order_return_days: setting({
    schema: z.number().int().min(0).max(365),
    default: 7,
    public: false,
    description: 'Days after receipt during which a return can be requested.',
  }),
  loan_rate: setting({
    schema: z.string().regex(/^0(\.\d{1,4})?$/),
    default: '0.0010',
    public: false,
    description: 'Start-up loans: interest per day as a share of the amount (0.0010 = 0.1 % a day), at most 4 decimals. Fixed on each loan when applying.',
  }),
  loan_default_rate: setting({
    schema: z.string().regex(/^0(\.\d{1,4})?$/),
    default: '0.0050',
    public: false,
    description: 'Start-up loans: overdue interest per day late as a share of the amount, at most 4 decimals. Fixed on each loan when applying.',
  }),
  loan_lendable_days: setting({
    schema: z.array(z.number().int().min(1).max(365)).min(1).max(30),
    default: [7, 15, 30, 60, 90, 180, 365],
    public: false,
    description: 'Start-up loans: the terms (days) open for new applications; each must also be in loan_all_lendable_days.',
  }),
  loan_all_lendable_days: setting({
    schema: z.array(z.number().int().min(1).max(365)).min(1).max(30),
    default: [7, 15, 30, 60, 90, 180, 270, 365],
    public: false,
    description: 'Start-up loans: every term (days, at most one year) the application page lists; those not lendable are greyed out.',
  }),
  loan_amount_min: setting({
    schema: z.string().regex(/^[1-9]\d{0,15}$/),
    default: '100000',
    public: false,
    description: 'Start-up loans: smallest amount, whole USDT.',
  }),
  loan_amount_max: setting({
    schema: z.string().regex(/^[1-9]\d{0,15}$/),
    default: '30000000',
    public: false,
    description: 'Start-up loans: largest amount, whole USDT.',
  }),
  loan_second_approval_above: setting({
    schema: z.string().regex(/^(0|[1-9]\d{0,15})$/),
    default: '1000000',
    public: false,
    description: 'Start-up loans: approving a larger amount takes two finance operators (the one who proposes cannot confirm); 0 asks for two on every loan.',
  }),
  seller_profit_min: setting({
    schema: decimal,
    default: '0.01',
    public: false,
    description: 'Sellers: smallest profit ratio a listing may have (0.01 = 1 % over the wholesale price).',
  }),
  seller_profit_max: setting({
    schema: decimal,
    default: '1',
    public: false,
    description: 'Sellers: largest profit ratio a listing may have (1 = twice the wholesale price).',
  }),
  seller_discount_max: setting({
    schema: decimal,
    default: '0.9',
    public: false,
    description: 'Sellers: largest discount ratio a listing may offer (0.9 = 90 % off the selling price).',
  }),
  onshelf_recharge_amount_limit: setting({
    schema: decimal,
    default: '0',
    public: false,
    description:
      'Sellers: deposits an account must have made before its first listing (legacy ONSHELF_RECHARGE_AMOUNT_LIMIT). 0, the default, means no such rule: sellers never pre-pay.',
  }),
  seller_score_window_days: setting({
    schema: z.number().int().min(1).max(365),
    default: 90,
    public: false,
    description: "Sellers: days of orders the shop's service scores (shipping within 24 h, disputes, good reviews) are measured over.",
  }),
  app_download_url: setting({
    schema: url,
    default: '',
    public: false,
    description: 'Buyer app download page (index!download-url).',
  }),
  index_banner_links: setting({
    schema: z.array(url).max(20),
    default: [],
    public: false,
    description: 'Banner links returned by index!home.',
  }),
  index_announcements: setting({
    schema: z.array(z.string().max(500)).max(20),
    default: [],
    public: false,
    description: 'Announcements returned by index!home.',
  }),
  service_link: setting({
    schema: url,
    default: '',
    public: false,
    description: 'Service link returned by index!home.',
  }),
  about_us: setting({
    schema: z.string().max(5000),
    default: '',
    public: false,
    description: 'About-us text returned by index!home.',
  }),
} as const;

export type SettingKey = keyof typeof settingDefinitions;
export type SettingValue<K extends SettingKey> = z.output<(typeof settingDefinitions)[K]['schema']>;

export function isSettingKey(value: string): value is SettingKey {
  return Object.hasOwn(settingDefinitions, value);
}

/** Current values, cached in memory and refreshed periodically (changes made here apply at once). */
export class SettingsService {
  private values = new Map<SettingKey, unknown>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  async load(): Promise<void> {
    const rows = await this.db.select().from(settings);
    const next = new Map<SettingKey, unknown>();
    for (const row of rows) {
      if (!isSettingKey(row.key)) continue;
      const parsed = settingDefinitions[row.key].schema.safeParse(row.value);
      if (parsed.success) next.set(row.key, parsed.data);
    }
    this.values = next;
  }

  startRefreshing(intervalMs = 10_000): void {
    this.timer = setInterval(() => {
      this.load().catch(() => {});
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  get<K extends SettingKey>(key: K): SettingValue<K> {
    return (this.values.has(key) ? this.values.get(key) : settingDefinitions[key].default) as SettingValue<K>;
  }

  async set<K extends SettingKey>(
    executor: Executor,
    key: K,
    value: SettingValue<K>,
    actor: { type: 'operator' | 'system'; id?: string; reason?: string; requestId?: string },
  ): Promise<void> {
    const parsed = settingDefinitions[key].schema.parse(value);
    const before = this.get(key);
    const now = this.clock.now();
    await executor
      .insert(settings)
      .values({ key, value: parsed, updatedAt: now, updatedBy: actor.id ?? null })
      .onConflictDoUpdate({ target: settings.key, set: { value: parsed, updatedAt: now, updatedBy: actor.id ?? null } });
    await this.audit.record(executor, {
      actorType: actor.type,
      actorId: actor.id ?? null,
      action: 'settings.update',
      targetType: 'setting',
      targetId: key,
      reason: actor.reason ?? null,
      detail: { before, value: parsed },
      requestId: actor.requestId ?? null,
    });
    this.values.set(key, parsed);
  }

  /** Every parameter with its current value, for the console (operators see the private ones too). */
  consoleList() {
    return (Object.keys(settingDefinitions) as SettingKey[]).map((key) => {
      const definition = settingDefinitions[key];
      const fallback: unknown = definition.default;
      const kind = typeof fallback === 'number' ? 'number' : typeof fallback === 'string' ? 'string' : typeof fallback === 'boolean' ? 'boolean' : 'json';
      return { key, value: this.get(key) as unknown, default: fallback, kind: kind as 'number' | 'string' | 'boolean' | 'json', public: definition.public, description: definition.description };
    });
  }

  /** An operator's change: checked against the parameter's rule (a stable error key when it fails), audited with before and after. */
  async update(key: string, value: unknown, actor: { type: 'operator'; id: string; reason: string; requestId?: string }) {
    if (!isSettingKey(key)) throw new AppError('common.not_found');
    const parsed = settingDefinitions[key].schema.safeParse(value);
    if (!parsed.success) throw new AppError('common.param_invalid', { field: 'value' });
    await this.db.transaction((tx) => this.set(tx, key, parsed.data as SettingValue<typeof key>, actor));
    return this.consoleList().find((item) => item.key === key);
  }

  /** syspara!getSyspara: legacy values are strings; unknown or private codes map to null. */
  publicValues(codes: string[]): Record<string, string | null> {
    const result = Object.create(null) as Record<string, string | null>;
    for (const code of codes) {
      if (!isSettingKey(code) || !settingDefinitions[code].public) {
        result[code] = null;
        continue;
      }
      const value = this.get(code);
      result[code] = typeof value === 'string' ? value : JSON.stringify(value);
    }
    return result;
  }
}
