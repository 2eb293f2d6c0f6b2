import type { Locale } from '@caravan/contract/languages';
import { resolvePage } from '@caravan/contract/paging';
import type { Database } from '@caravan/db/client';
import type { Translator } from '../../platform/i18n.ts';
import { formatLegacyDateTime } from '../../platform/time-zone.ts';
import type { ReviewFilter, ReviewRow, ReviewsRepository } from './reviews.repository.ts';
import { maskName } from '../../platform/masking.ts';

export interface ReviewerPort {
  reviewers(userIds: string[]): Promise<Map<string, { username: string; avatar: string }>>;
}

const FILTERS: Record<string, ReviewFilter> = { '1': 'good', '2': 'medium', '3': 'bad', '4': 'pictures' };
const TYPE_CODES: Record<string, number> = { good: 1, medium: 2, bad: 3 };

export class ReviewsService {
  constructor(
    private readonly db: Database,
    private readonly repository: ReviewsRepository,
    private readonly reviewers: ReviewerPort,
    private readonly translator: Translator,
    private readonly timeZone: string,
  ) {}

  private toWire(row: ReviewRow, reviewer: { username: string; avatar: string } | undefined, locale: Locale) {
    const images = Object.fromEntries(Array.from({ length: 9 }, (_, index) => [`imgUrl${index + 1}`, row.images[index] ?? '']));
    const name = maskName(reviewer?.username ?? '');
    const time = formatLegacyDateTime(this.timeZone, row.createdAt);
    return {
      id: row.id,
      orderId: row.orderId,
      sellerGoodsId: row.sellerGoodsId,
      skuId: row.skuId ?? '',
      evaluationType: TYPE_CODES[row.rating] ?? 1,
      rating: row.score,
      // the default review after the review period says so, in the reader's language
      content: row.isSystem && row.content === '' ? this.translator.t(locale, 'timeline.default_review') : row.content,
      ...(images as Record<`imgUrl${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`, string>),
      userName: name,
      partyName: name,
      avatar: reviewer?.avatar ?? '1',
      partyAvatar: reviewer?.avatar ?? '1',
      attributes: '',
      countryName: '',
      sourceType: row.isSystem ? 1 : 0,
      evaluationTime: time,
      createTimeStr: time,
      commentTime: time,
    };
  }

  async list(sellerGoodsId: string, evaluationType: string | undefined, request: { pageNum?: number | undefined; pageSize?: number | undefined }, locale: Locale) {
    const filter = FILTERS[evaluationType ?? ''] ?? 'all';
    const page = resolvePage(request.pageNum, request.pageSize, 20);
    const [rows, counts] = await Promise.all([
      this.repository.page(this.db, sellerGoodsId, filter, page.pageSize, page.offset),
      this.repository.counts(this.db, sellerGoodsId),
    ]);
    const reviewers = await this.reviewers.reviewers([...new Set(rows.map((row) => row.userId))]);
    return {
      pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: counts[filter === 'pictures' ? 'pictures' : filter] },
      pageList: rows.map((row) => this.toWire(row, reviewers.get(row.userId), locale)),
      evaluationNum: counts.all,
    };
  }

  /** The seller panel's evaluation!list: reviews of every listing of the shop, newest first. */
  async listForShop(
    shopId: string,
    evaluationType: string | undefined,
    request: { pageNum?: number | undefined; pageSize?: number | undefined },
    locale: Locale,
    goodsLabels: (goodsIds: string[]) => Promise<Map<string, { name: string; image: string }>>,
  ) {
    const filter = FILTERS[evaluationType ?? ''] ?? 'all';
    const page = resolvePage(request.pageNum, request.pageSize, 20);
    const [rows, counts] = await Promise.all([
      this.repository.page(this.db, { shopId }, filter, page.pageSize, page.offset),
      this.repository.counts(this.db, { shopId }),
    ]);
    const [reviewers, labels] = await Promise.all([this.reviewers.reviewers([...new Set(rows.map((row) => row.userId))]), goodsLabels([...new Set(rows.map((row) => row.goodsId))])]);
    return {
      pageInfo: { pageNum: page.pageNum, pageSize: page.pageSize, totalElements: counts[filter === 'pictures' ? 'pictures' : filter] },
      pageList: rows.map((row) => ({ ...this.toWire(row, reviewers.get(row.userId), locale), goodsName: labels.get(row.goodsId)?.name ?? '', goodsImg: labels.get(row.goodsId)?.image ?? '' })),
    };
  }

  /** Good reviews among those buyers wrote for the shop since a time (its measured good-review rate). */
  async shopWrittenSince(shopId: string, since: Date) {
    return this.repository.writtenSince(this.db, shopId, since);
  }

  async countByType(sellerGoodsId: string) {
    const counts = await this.repository.counts(this.db, sellerGoodsId);
    return {
      havePicture: String(counts.pictures),
      positiveComments: String(counts.good),
      mediumReview: String(counts.medium),
      negativeComment: String(counts.bad),
    };
  }
}
