import type { Database, Executor } from '@caravan/db/client';
import { settings } from '@caravan/db/schema/content';
import { z } from 'zod';
import type { AuditLog } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';

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
      detail: { value: parsed },
      requestId: actor.requestId ?? null,
    });
    this.values.set(key, parsed);
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
