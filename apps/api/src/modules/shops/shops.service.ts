import { resolvePage } from '@caravan/contract/paging';
import type { SellerVo } from '@caravan/contract/catalog';
import type { Database, Executor } from '@caravan/db/client';
import type { AuditLog } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import { CounterBuffer } from '../../platform/counter-buffer.ts';
import { AppError } from '../../platform/errors.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import { LiveShopDirectory } from './shop-name-filter.ts';
import { NO_FIGURES, toSellerVo, type ShopFigures } from './shops.mapper.ts';
import type { ShopFiguresRow, ShopListFilter, ShopRow, ShopsRepository, ShopStatus } from './shops.repository.ts';

/** What the shops module needs to know from the catalogue and favourites modules. */
export interface ShopFiguresPort {
  followedShopIds(userId: string, shopIds: string[]): Promise<Set<string>>;
  /** recompute which of the shop's listings buyers see, in the caller's transaction */
  refreshShopListings(executor: Executor, shopId: string): Promise<void>;
}

export interface ShopActor {
  type: 'operator' | 'system';
  id?: string;
  reason: string;
  requestId?: string;
}

/** What an operator may do to a shop from the console, and from which states. */
export const SHOP_DECISIONS = {
  suspend: { from: ['open'], to: 'suspended' },
  reopen: { from: ['suspended'], to: 'open' },
} as const satisfies Record<string, { from: readonly ShopStatus[]; to: ShopStatus }>;
export type ShopDecision = keyof typeof SHOP_DECISIONS;

/** Shop cards may be this stale: counters on cards are not worth a query per request. */
export const SHOP_CARD_TTL_MS = 10_000;
export const SHOP_VIEW_FLUSH_MS = 5_000;
/** A shop search sends at most this many ids of shops whose figures are cached (the freshest). */
const KNOWN_FIGURES_SENT = 1_000;
/**
 * Shops opened or renamed by another process are found by name, and named by their new names in order
 * lists, within this (the shop directory, LiveShopDirectory).
 */
export const SHOP_NAMES_TTL_MS = 60_000;
const SHOP_NAMES_MIN_INTERVAL_MS = 10_000;
/** A directory whose reads have failed this long is not used for names (the shops' rows are read). */
const SHOP_DIRECTORY_MAX_AGE_MS = 2 * SHOP_NAMES_TTL_MS;

export class ShopsService {
  private readonly figures: TtlCache<ShopFigures>;
  private readonly rows: TtlCache<ShopRow | undefined>;
  /** every shop's name, and which keywords no open shop's name can match (so that searchByName need not ask) */
  readonly directory: LiveShopDirectory;
  readonly views: CounterBuffer;

  constructor(
    private readonly db: Database,
    private readonly repository: ShopsRepository,
    private readonly port: ShopFiguresPort,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {
    this.figures = new TtlCache(clock, SHOP_CARD_TTL_MS);
    this.rows = new TtlCache(clock, SHOP_CARD_TTL_MS);
    this.directory = new LiveShopDirectory(() => repository.directory(), clock, SHOP_NAMES_TTL_MS, SHOP_NAMES_MIN_INTERVAL_MS);
    this.views = new CounterBuffer((counts) => repository.addViews(counts));
  }

  /** Listing and follower figures of shops: cached ones as they are, the others in one batch. */
  private async figuresOf(shopIds: string[]): Promise<Map<string, ShopFigures>> {
    const result = new Map<string, ShopFigures>();
    const missing: string[] = [];
    for (const id of new Set(shopIds)) {
      const cached = this.figures.peek(id);
      if (cached) result.set(id, await cached);
      else missing.push(id);
    }
    if (missing.length === 0) return result;
    for (const row of await this.repository.figures(missing)) result.set(row.shop_id, this.remember(row));
    return result;
  }

  private remember(row: ShopFiguresRow): ShopFigures {
    const figures: ShopFigures = { goods: row.goods, sold: row.sold, reviews: row.reviews, goodReviews: row.good_reviews, followers: row.followers };
    this.figures.set(row.shop_id, figures);
    return figures;
  }

  /** Forget cached figures and rows (after a follow, a listing or status change ...). */
  invalidate(shopId: string): void {
    this.figures.delete(shopId);
    this.rows.delete(shopId);
  }

  /** A shop opened, closed or changed its details in this process: its cards and the directory. */
  changed(shopId: string): void {
    this.invalidate(shopId);
    this.directory.forget();
  }

  /** Seller cards (legacy SellerVo) in the order of the ids; `isFocus` when a viewer is given. */
  async cards(shops: ShopRow[], viewerId?: string): Promise<SellerVo[]> {
    const ids = shops.map((shop) => shop.id);
    const [figures, followed] = await Promise.all([
      this.figuresOf(ids),
      viewerId ? this.port.followedShopIds(viewerId, ids) : Promise.resolve(undefined),
    ]);
    return shops.map((shop) => {
      const card = toSellerVo(shop, figures.get(shop.id) ?? NO_FIGURES, this.views.pending(shop.id));
      return followed ? { ...card, isFocus: followed.has(shop.id) ? 1 : 0 } : card;
    });
  }

  /** Drops expired cached figures and rows (run on a timer: see sweepEvery in app.ts). */
  sweepExpired(): void {
    this.figures.sweepExpired();
    this.rows.sweepExpired();
  }

  /** The cached shop rows of these ids (undefined for a shop known not to exist), and the ids not cached. */
  private async cachedRows(unique: string[]): Promise<{ rows: Map<string, ShopRow | undefined>; missing: string[] }> {
    const rows = new Map<string, ShopRow | undefined>();
    const missing: string[] = [];
    for (const id of unique) {
      const cached = this.rows.peek(id);
      if (cached) rows.set(id, await cached);
      else missing.push(id);
    }
    return { rows, missing };
  }

  /** Caches the rows read for `missing` (undefined for a shop that does not exist) and adds them to `rows`. */
  private keepLoaded(missing: string[], found: ShopRow[], rows: Map<string, ShopRow | undefined>): void {
    const loaded = new Map(found.map((shop) => [shop.id, shop]));
    for (const id of missing) {
      this.rows.set(id, loaded.get(id));
      rows.set(id, loaded.get(id));
    }
  }

  /**
   * Shops' names by id (shops that do not exist are left out) for the order pages (the buyer's list,
   * order!info, the checkout's answer, the console's order list): from the shop directory when it is
   * trusted (ADR 0020, addendum), the others from the cached rows, the rest read in one statement and
   * cached, without the cards' figures (a cold card reads them too).
   */
  async namesByIds(ids: string[]): Promise<Map<string, string>> {
    const directory = this.directory.peekUnchangedOrRead(SHOP_DIRECTORY_MAX_AGE_MS);
    const names = new Map<string, string>();
    const others: string[] = [];
    for (const id of new Set(ids)) {
      const name = directory?.nameOf(id);
      if (name === undefined) others.push(id);
      else names.set(id, name);
    }
    if (others.length === 0) return names;
    const { rows, missing } = await this.cachedRows(others);
    if (missing.length > 0) this.keepLoaded(missing, await this.repository.byIds(missing), rows);
    for (const [id, row] of rows) if (row) names.set(id, row.name);
    return names;
  }

  /** Cards by shop id (shops that do not exist are left out); the shop rows are cached with the figures. */
  async cardsByIds(ids: string[], viewerId?: string): Promise<Map<string, SellerVo>> {
    const unique = [...new Set(ids)];
    const { rows, missing } = await this.cachedRows(unique);
    if (missing.length > 0) {
      // rows and figures together: a cold card costs one statement
      const found = await this.repository.byIdsWithFigures(missing);
      for (const { figures } of found) this.remember(figures);
      this.keepLoaded(missing, found.map(({ shop }) => shop), rows);
    }
    const shops = unique.map((id) => rows.get(id)).filter((row) => row !== undefined);
    const cards = await this.cards(shops, viewerId);
    return new Map(cards.map((card) => [card.id, card]));
  }

  /** seller!info: an open shop's card, counting the visit. */
  async info(shopId: string, viewerId?: string): Promise<SellerVo> {
    const [shop] = await this.repository.byIds([shopId]);
    if (!shop || shop.status !== 'open') throw new AppError('shops.shop_unavailable');
    this.views.add(shop.id);
    const [card] = await this.cards([shop], viewerId);
    if (!card) throw new AppError('shops.shop_unavailable');
    return card;
  }

  async list(input: { pageNum?: number | undefined; pageSize?: number | undefined; isRec?: boolean | undefined }, viewerId?: string) {
    const page = resolvePage(input.pageNum, input.pageSize, 20);
    const recommended = input.isRec === true;
    const [rows, total] = await Promise.all([
      this.repository.listOpen(recommended, page.pageSize, page.offset),
      this.repository.countOpen(recommended),
    ]);
    return {
      pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: total },
      pageList: await this.cards(rows, viewerId),
    };
  }

  /**
   * Open shops by name, with their figures read in the same statement, but for the shops whose figures are
   * cached: at 500,000 goods a shop has about 2,600 listings to count, and a keyword shows up to 5 shops
   * (docs/performance.md). A cached figure that expires before the cards are made is read by them.
   */
  async searchByName(keyword: string, limit: number, viewerId?: string): Promise<SellerVo[]> {
    // most keywords typed match no shop: the name filter says so without a statement
    if (!this.directory.mayMatch(keyword)) return [];
    const known = this.figures.freshKeys(KNOWN_FIGURES_SENT);
    const found = await this.repository.searchByName(keyword, limit, known);
    const skipped = new Set(known);
    for (const { shop, figures } of found) if (!skipped.has(shop.id)) this.remember(figures);
    return this.cards(found.map(({ shop }) => shop), viewerId);
  }

  async findOpen(shopId: string): Promise<ShopRow | undefined> {
    const [shop] = await this.repository.byIds([shopId]);
    return shop?.status === 'open' ? shop : undefined;
  }

  async lockForFollow(executor: Executor, shopId: string): Promise<ShopRow | undefined> {
    return this.repository.findByIdForUpdate(executor, shopId);
  }

  /** Opens the seller's shop (reopens a closed one under the new details), in `executor`. */
  async openShop(
    input: { sellerId: string; name: string; avatarUrl?: string; bannerUrl?: string; remark?: string; phone?: string; recommended?: boolean },
    executor: Executor = this.db,
  ): Promise<void> {
    const now = this.clock.now();
    await this.repository.upsertOpen(executor, {
      id: input.sellerId,
      name: input.name,
      avatarUrl: input.avatarUrl ?? '',
      bannerUrl: input.bannerUrl ?? '',
      remark: input.remark ?? '',
      phone: input.phone ?? '',
      status: 'open',
      recAt: input.recommended ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    // a reopened shop's listings come back with it
    await this.port.refreshShopListings(executor, input.sellerId);
    this.changed(input.sellerId);
  }

  /** The shop whatever its status (its own seller's panel). */
  async find(shopId: string): Promise<ShopRow | undefined> {
    return this.repository.findById(this.db, shopId);
  }

  /** The details a seller edits in the panel. */
  async updateDetails(shopId: string, changes: Partial<Pick<ShopRow, 'name' | 'avatarUrl' | 'bannerUrl' | 'remark' | 'phone' | 'address'>>): Promise<void> {
    await this.repository.update(this.db, shopId, { ...changes, updatedAt: this.clock.now() });
    this.changed(shopId);
  }

  /** Another shop (not closed) already has this name, compared case-insensitively. */
  async nameTaken(executor: Executor, name: string, exceptShopId: string): Promise<boolean> {
    return this.repository.nameTaken(executor, name, exceptShopId);
  }

  /**
   * A shop's status changes (audited with before and after); its listings appear or disappear with it
   * in the same transaction. With `from`, only a shop in one of those states may change.
   */
  async setStatus(shopId: string, status: ShopStatus, actor: ShopActor, from?: readonly ShopStatus[]): Promise<ShopRow> {
    const updated = await this.db.transaction(async (tx) => {
      const shop = await this.repository.findByIdForUpdate(tx, shopId);
      if (!shop) throw new AppError('shops.shop_unavailable');
      if (from && !from.includes(shop.status as ShopStatus)) throw new AppError('shops.status_invalid');
      const updatedAt = this.clock.now();
      await this.repository.update(tx, shopId, { status, updatedAt });
      await this.port.refreshShopListings(tx, shopId);
      await this.audit.record(tx, {
        actorType: actor.type,
        actorId: actor.id ?? null,
        action: 'shop.status_changed',
        targetType: 'shop',
        targetId: shopId,
        reason: actor.reason,
        detail: { from: shop.status, to: status },
        requestId: actor.requestId ?? null,
      });
      return { ...shop, status, updatedAt };
    });
    this.changed(shopId);
    return updated;
  }

  /** An operator suspends an open shop or reopens a suspended one, with a reason. */
  async decide(shopId: string, decision: ShopDecision, actor: { id: string; reason: string; requestId?: string }): Promise<{ row: ShopRow; visibleListings: number }> {
    const { from, to } = SHOP_DECISIONS[decision];
    const row = await this.setStatus(shopId, to, { type: 'operator', ...actor }, from);
    return { row, visibleListings: (await this.figuresOf([row.id])).get(row.id)?.goods ?? 0 };
  }

  /** The console's shop list: by state and id or name, newest first, with a capped count. */
  async consoleList(filter: ShopListFilter, page: { page: number; pageSize: number }) {
    const { rows, counted } = await this.repository.listForConsole(this.db, filter, page.pageSize, (page.page - 1) * page.pageSize);
    const figures = await this.figuresOf(rows.map((row) => row.id));
    return { rows: rows.map((row) => ({ row, visibleListings: figures.get(row.id)?.goods ?? 0 })), counted };
  }
}
