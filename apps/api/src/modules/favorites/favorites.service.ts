import type { GoodsVo, SellerVo } from '@caravan/contract/catalog';
import type { Locale } from '@caravan/contract/languages';
import { resolvePage } from '@caravan/contract/paging';
import type { Database, Transaction } from '@caravan/db/client';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import type { SettingsService } from '../content/settings.ts';
import type { FavoritesRepository } from './favorites.repository.ts';

/** What favourites need from accounts, the catalogue and shops. */
export interface FavoritesPorts {
  userRole(userId: string): Promise<string>;
  isGoodsVisible(sellerGoodsId: string): Promise<boolean>;
  goodsCards(ids: string[], viewer: { locale: Locale; userId: string }): Promise<GoodsVo[]>;
  lockShop(tx: Transaction, shopId: string): Promise<{ status: string } | undefined>;
  sellerCards(shopIds: string[], viewerId: string): Promise<Map<string, SellerVo>>;
  shopFollowersChanged(shopId: string): void;
}

export class FavoritesService {
  constructor(
    private readonly db: Database,
    private readonly repository: FavoritesRepository,
    private readonly ports: FavoritesPorts,
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  // ---- goods ("keep") ---------------------------------------------------------------------------

  async keep(userId: string, sellerGoodsId: string): Promise<void> {
    if (!(await this.ports.isGoodsVisible(sellerGoodsId))) throw new AppError('favorites.goods_id_invalid');
    const added = await this.repository.addGoods(this.db, { id: newId(), userId, sellerGoodsId, createdAt: this.clock.now() });
    if (!added) throw new AppError('favorites.already_added');
  }

  async unkeep(userId: string, sellerGoodsId: string): Promise<void> {
    await this.repository.removeGoods(this.db, userId, sellerGoodsId);
  }

  async keptGoods(userId: string, request: { pageNum?: number | undefined; pageSize?: number | undefined }, locale: Locale) {
    const page = resolvePage(request.pageNum, request.pageSize, 20);
    const [ids, total] = await Promise.all([
      this.repository.pageGoodsIds(this.db, userId, page.pageSize, page.offset),
      this.repository.countGoods(this.db, userId),
    ]);
    return {
      pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: total },
      pageList: await this.ports.goodsCards(ids, { locale, userId }),
    };
  }

  keptCount(userId: string): Promise<number> {
    return this.repository.countGoods(this.db, userId);
  }

  keptIds(userId: string, ids: string[]): Promise<Set<string>> {
    return this.repository.keptIds(userId, ids);
  }

  // ---- shops ("focus") --------------------------------------------------------------------------

  async follow(userId: string, shopId: string): Promise<void> {
    if (shopId === userId) throw new AppError('favorites.cannot_follow_self');
    if ((await this.ports.userRole(userId)) === 'seller') throw new AppError('favorites.sellers_cannot_follow');
    await this.db.transaction(async (tx) => {
      // the shop row is locked so the capacity check and the insert are one step
      const shop = await this.ports.lockShop(tx, shopId);
      if (!shop || shop.status !== 'open') throw new AppError('favorites.seller_id_invalid');
      if ((await this.repository.followerCount(tx, shopId)) >= this.settings.get('shop_follower_capacity')) {
        throw new AppError('favorites.followers_full');
      }
      const added = await this.repository.addFollow(tx, { id: newId(), userId, shopId, createdAt: this.clock.now() });
      if (!added) throw new AppError('favorites.already_added');
    });
    this.ports.shopFollowersChanged(shopId);
  }

  async unfollow(userId: string, shopId: string): Promise<void> {
    if ((await this.repository.removeFollow(this.db, userId, shopId)) > 0) this.ports.shopFollowersChanged(shopId);
  }

  async followedShops(userId: string, request: { pageNum?: number | undefined; pageSize?: number | undefined }) {
    const page = resolvePage(request.pageNum, request.pageSize, 20);
    const [rows, total] = await Promise.all([
      this.repository.pageFollows(this.db, userId, page.pageSize, page.offset),
      this.repository.countFollows(this.db, userId),
    ]);
    const cards = await this.ports.sellerCards(rows.map((row) => row.shopId), userId);
    return {
      pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: total },
      pageList: rows.flatMap((row) => {
        const sellerVo = cards.get(row.shopId);
        return sellerVo
          ? [{ id: row.id, partyId: row.userId, sellerId: row.shopId, createTime: formatLegacyDateTime(this.timeZone, row.createdAt), sellerVo }]
          : [];
      }),
    };
  }

  followCount(userId: string): Promise<number> {
    return this.repository.countFollows(this.db, userId);
  }

  followedShopIds(userId: string, shopIds: string[]) {
    return this.repository.followedShopIds(userId, shopIds);
  }
}
