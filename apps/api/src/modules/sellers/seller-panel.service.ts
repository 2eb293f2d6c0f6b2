import type { Money } from '@caravan/contract/money';
import type { SellerEarningsSummary, SellerOverview, SellerShop, ServiceScores } from '@caravan/contract/sellers';
import type { Database, Executor } from '@caravan/db/client';
import { DAY_MS, type Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import { TtlCache } from '../../platform/ttl-cache.ts';
import { cents } from '../wallet/wallet.mapper.ts';
import type { SettingsService } from '../content/settings.ts';

// The seller panel's own calls (beyond the legacy ones): the shop's settings, the dashboard, the
// seller's money (margins in escrow, the wallet, margins released so far) and the service scores
// measured from real orders and reviews, which buyers also see on the shop page.

/** Buyers read a shop's scores on every shop page; they change slowly. */
const SCORES_TTL_MS = 60_000;
const SCORES_CACHE_SIZE = 2_000;

export interface ShopDetails {
  id: string;
  name: string;
  avatarUrl: string;
  bannerUrl: string;
  remark: string;
  phone: string;
  address: string;
  status: string;
  createdAt: Date;
}

export interface SellerPanelPorts {
  shop(shopId: string): Promise<ShopDetails | undefined>;
  updateShop(shopId: string, changes: Partial<Pick<ShopDetails, 'name' | 'avatarUrl' | 'bannerUrl' | 'remark' | 'phone' | 'address'>>): Promise<void>;
  shopNameTaken(executor: Executor, name: string, exceptShopId: string): Promise<boolean>;
  isOwnedImage(url: string, userId: string): Promise<boolean>;
  listingCount(shopId: string): Promise<number>;
  noPushNum(shopId: string): Promise<{ noPushNum: number; remindNum: number }>;
  pendingMargins(shopId: string): Promise<{ pending: Money; orders: number }>;
  settledOrders(shopId: string): Promise<number>;
  todaySales(shopId: string): Promise<{ orders: number; sales: Money }>;
  serviceRates(shopId: string, windowDays: number): Promise<Pick<ServiceScores, 'shipWithin24hRate' | 'shipCounted' | 'disputeRate' | 'disputeCounted'>>;
  writtenReviews(shopId: string, since: Date): Promise<{ written: number; good: number }>;
  /** the wallet's available and frozen balance, 2-decimal strings */
  wallet(userId: string): Promise<{ money: string; frozen: string }>;
  /** margins the ledger released to the seller's wallet so far */
  earnedTotal(executor: Executor, userId: string): Promise<Money>;
}

export class SellerPanelService {
  private readonly scoresCache: TtlCache<ServiceScores>;

  constructor(
    private readonly db: Database,
    private readonly ports: SellerPanelPorts,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {
    this.scoresCache = new TtlCache(clock, SCORES_TTL_MS, SCORES_CACHE_SIZE);
  }

  private async ownShop(shopId: string): Promise<ShopDetails> {
    const shop = await this.ports.shop(shopId);
    // a seller whose shop was never opened (or was removed) has nothing to manage yet
    if (!shop) throw new AppError('sellers.shop_not_open');
    return shop;
  }

  /** Service scores measured over the configured window; cached briefly for the public shop page. */
  async scores(shopId: string, fresh = false): Promise<ServiceScores> {
    const measure = async (): Promise<ServiceScores> => {
      const windowDays = this.settings.get('seller_score_window_days');
      const since = new Date(this.clock.now().getTime() - windowDays * DAY_MS);
      const [rates, reviews] = await Promise.all([this.ports.serviceRates(shopId, windowDays), this.ports.writtenReviews(shopId, since)]);
      return { windowDays, ...rates, goodReviewRate: reviews.written > 0 ? reviews.good / reviews.written : null, reviewsCounted: reviews.written };
    };
    if (fresh) {
      const measured = await measure();
      this.scoresCache.set(shopId, measured);
      return measured;
    }
    return this.scoresCache.get(shopId, measure);
  }

  private toShop(shop: ShopDetails, scores: ServiceScores): SellerShop {
    return {
      id: shop.id,
      name: shop.name,
      avatar: shop.avatarUrl,
      banner: shop.bannerUrl,
      shopRemark: shop.remark,
      phone: shop.phone,
      address: shop.address,
      status: shop.status,
      createTime: formatLegacyDateTime(this.timeZone, shop.createdAt),
      scores,
    };
  }

  /** shop!info */
  async shopInfo(shopId: string): Promise<SellerShop> {
    const shop = await this.ownShop(shopId);
    return this.toShop(shop, await this.scores(shopId, true));
  }

  /** shop!update: name (unique), logo and banner (own uploads), description, phone, address. */
  async updateShop(shopId: string, input: { name?: string | undefined; avatar?: string | undefined; banner?: string | undefined; shopRemark?: string | undefined; phone?: string | undefined; address?: string | undefined }): Promise<SellerShop> {
    const shop = await this.ownShop(shopId);
    const changes: Parameters<SellerPanelPorts['updateShop']>[1] = {};
    if (input.name !== undefined && input.name !== shop.name) {
      if (await this.ports.shopNameTaken(this.db, input.name, shopId)) throw new AppError('sellers.shop_name_taken');
      changes.name = input.name;
    }
    for (const [field, column] of [['avatar', 'avatarUrl'], ['banner', 'bannerUrl']] as const) {
      const url = input[field];
      if (url === undefined || url === shop[column]) continue;
      if (url !== '' && !(await this.ports.isOwnedImage(url, shopId))) throw new AppError('sellers.logo_invalid');
      changes[column] = url;
    }
    if (input.shopRemark !== undefined) changes.remark = input.shopRemark;
    if (input.phone !== undefined) changes.phone = input.phone;
    if (input.address !== undefined) changes.address = input.address;
    if (Object.keys(changes).length > 0) await this.ports.updateShop(shopId, changes);
    return this.shopInfo(shopId);
  }

  /** earnings!summary */
  async earnings(shopId: string): Promise<SellerEarningsSummary> {
    const [pending, wallet, earned, settledOrders] = await Promise.all([
      this.ports.pendingMargins(shopId),
      this.ports.wallet(shopId),
      this.ports.earnedTotal(this.db, shopId),
      this.ports.settledOrders(shopId),
    ]);
    return { pending: cents(pending.pending), pendingOrders: pending.orders, available: wallet.money, frozen: wallet.frozen, totalEarned: cents(earned), settledOrders };
  }

  /** shop!overview: the dashboard. */
  async overview(shopId: string): Promise<SellerOverview> {
    const shop = await this.ownShop(shopId);
    const [push, today, listings, earnings, scores] = await Promise.all([
      this.ports.noPushNum(shopId),
      this.ports.todaySales(shopId),
      this.ports.listingCount(shopId),
      this.earnings(shopId),
      this.scores(shopId, true),
    ]);
    return {
      shop: { id: shop.id, name: shop.name, avatar: shop.avatarUrl, status: shop.status },
      noPushNum: push.noPushNum,
      remindNum: push.remindNum,
      todayOrders: today.orders,
      todaySales: cents(today.sales),
      sellerGoodsNum: listings,
      earnings,
      scores,
    };
  }
}
