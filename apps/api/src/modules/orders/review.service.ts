import type { ReviewInput } from '@caravan/contract/orders';
import type { Database, Transaction } from '@caravan/db/client';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { ReviewsRepository } from '../reviews/reviews.repository.ts';
import type { FulfilmentService } from './fulfilment.service.ts';
import type { OrderRow, OrdersRepository } from './orders.repository.ts';

// Reviews of a received order (evaluation!add / evaluation!addList): one per order item, good /
// medium / bad, 1-5 stars, text and up to 9 pictures uploaded here. When every item has its review
// the order completes (the escrow is released); after the review period the system gives the
// default good review to whatever is left.

export const MAX_REVIEW_PICTURES = 9;
const RATINGS = { 1: 'good', 2: 'medium', 3: 'bad' } as const;

export interface ReviewPorts {
  /** whether the URL is an image this user uploaded (a reviewer's photos are their own) */
  isOwnedImage(url: string, userId: string): Promise<boolean>;
}

function picturesOf(input: ReviewInput): string[] {
  const urls = [input.imgUrl1, input.imgUrl2, input.imgUrl3, input.imgUrl4, input.imgUrl5, input.imgUrl6, input.imgUrl7, input.imgUrl8, input.imgUrl9, input.imgUrl10];
  return urls.map((url) => url?.trim() ?? '').filter((url) => url.length > 0);
}

export class ReviewService {
  constructor(
    private readonly db: Database,
    private readonly repository: OrdersRepository,
    private readonly reviews: ReviewsRepository,
    private readonly fulfilment: FulfilmentService,
    private readonly ports: ReviewPorts,
    private readonly clock: Clock,
  ) {}

  /** Reviews some or all goods of one received order; completes it when nothing is left unreviewed. */
  async review(buyerId: string, orderId: string, entries: ReviewInput[]): Promise<void> {
    const checked = await Promise.all(
      entries.map(async (entry) => {
        const pictures = picturesOf(entry);
        if (pictures.length > MAX_REVIEW_PICTURES) throw new AppError('orders.too_many_pictures');
        for (const url of pictures) if (!(await this.ports.isOwnedImage(url, buyerId))) throw new AppError('orders.picture_invalid');
        return { entry, pictures };
      }),
    );
    if (new Set(entries.map((entry) => entry.sellerGoodsId)).size !== entries.length) throw new AppError('orders.review_invalid');
    await this.db.transaction(async (tx) => {
      const order = await this.ownedReceived(tx, buyerId, orderId);
      const items = await this.repository.itemsOf(tx, [order.id]);
      const now = this.clock.now();
      for (const { entry, pictures } of checked) {
        const item = items.find((candidate) => candidate.sellerGoodsId === entry.sellerGoodsId);
        if (!item) throw new AppError('orders.review_invalid');
        if (!(await this.repository.markReviewed(tx, item.id, now))) throw new AppError('orders.already_reviewed');
        await this.reviews.insert(tx, {
          id: newId(),
          orderId: order.id,
          orderItemId: item.id,
          userId: buyerId,
          shopId: order.shopId,
          sellerGoodsId: item.sellerGoodsId,
          goodsId: item.goodsId,
          skuId: item.skuId,
          rating: RATINGS[entry.evaluationType as 1 | 2 | 3],
          score: entry.rating,
          content: entry.content?.trim() ?? '',
          images: pictures,
          hasImages: pictures.length > 0,
          isSystem: false,
          createdAt: now,
        });
      }
      if ((await this.repository.itemsOf(tx, [order.id])).every((item) => item.reviewedAt !== null)) await this.fulfilment.completeIn(tx, order);
    });
  }

  private async ownedReceived(tx: Transaction, buyerId: string, orderId: string): Promise<OrderRow> {
    const [order] = /^[0-9a-f]{32}$/.test(orderId) ? await this.repository.lockOrders(tx, [orderId]) : [];
    if (!order || order.buyerId !== buyerId) throw new AppError('orders.not_found');
    if (order.status !== 'received') throw new AppError('orders.cannot_review');
    return order;
  }

  /** Deadline handler: the default good review for every unreviewed item, then completion. Idempotent. */
  async defaultReviewIfDue(orderId: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [order] = await this.repository.lockOrders(tx, [orderId]);
      const now = this.clock.now();
      if (!order || order.status !== 'received' || !order.autoReviewAt || order.autoReviewAt > now) return false;
      if (order.refundState === 'requested' || order.refundState === 'refunding') return false;
      for (const item of await this.repository.itemsOf(tx, [order.id])) {
        if (item.reviewedAt || !(await this.repository.markReviewed(tx, item.id, now))) continue;
        await this.reviews.insert(tx, {
          id: newId(),
          orderId: order.id,
          orderItemId: item.id,
          userId: order.buyerId,
          shopId: order.shopId,
          sellerGoodsId: item.sellerGoodsId,
          goodsId: item.goodsId,
          skuId: item.skuId,
          rating: 'good',
          score: 5,
          // read as the translated "default good review" text
          content: '',
          images: [],
          hasImages: false,
          isSystem: true,
          createdAt: now,
        });
      }
      await this.repository.insertLog(tx, { orderId: order.id, key: 'timeline.default_review', params: {}, actorType: 'system', createdAt: now });
      await this.fulfilment.completeIn(tx, order);
      return true;
    });
  }
}
