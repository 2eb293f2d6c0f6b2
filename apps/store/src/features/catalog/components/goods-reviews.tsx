import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { useReviewCounts } from '../api/get-review-counts.ts';
import { useReviews } from '../api/get-reviews.ts';
import { pageWindow, REVIEW_PAGE_SIZE } from '../paging.ts';
import { REVIEW_TABS, reviewImages, reviewTabCount, type ReviewTab } from '@caravan/ui/review-tabs';
import type { Evaluation } from '../types.ts';
import { useFormatters } from '@caravan/ui/use-formatters';
import { Pager } from './pager.tsx';
import { EmptyState, LoadError } from './query-feedback.tsx';

const MAX_STARS = 5;

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation('catalog');
  const value = Math.min(MAX_STARS, Math.max(0, Math.round(rating)));
  return (
    <span className="catalog-stars" role="img" aria-label={t('reviews.rating', { value, max: MAX_STARS })}>
      <span aria-hidden="true">{'★'.repeat(value)}</span>
      <span className="catalog-stars-off" aria-hidden="true">
        {'★'.repeat(MAX_STARS - value)}
      </span>
    </span>
  );
}

function Review({ review }: { review: Evaluation }) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  const images = reviewImages(review);
  const name = review.userName || t('reviews.anonymous');
  return (
    <li className="catalog-review">
      <div className="catalog-review-head">
        <span className="catalog-review-avatar" aria-hidden="true">
          {[...name][0]?.toUpperCase()}
        </span>
        <span className="catalog-review-name">{name}</span>
        <Stars rating={review.rating} />
        <span className="catalog-muted">
          <PlatformTime value={review.commentTime} />
        </span>
      </div>
      {review.attributes && <p className="catalog-muted">{review.attributes}</p>}
      <p className="catalog-review-text" dir="auto">{review.content || t('reviews.noText')}</p>
      {images.length > 0 && (
        <ul className="catalog-review-images">
          {images.map((url, index) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer" aria-label={t('reviews.openPicture', { n: format.count(index + 1), total: format.count(images.length) })}>
                <img src={url} alt="" width={88} height={88} loading="lazy" decoding="async" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function ReviewList({ sellerGoodsId, tab }: { sellerGoodsId: string; tab: ReviewTab }) {
  const { t } = useTranslation('catalog');
  const [page, setPage] = useState(1);
  const query = useReviews(sellerGoodsId, tab, page);
  if (query.isPending) return <p className="catalog-muted">{t('state.loading')}</p>;
  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const list = query.data?.pageList ?? [];
  if (list.length === 0) return <EmptyState>{t(`reviews.empty.${tab}`)}</EmptyState>;
  const window = pageWindow(page, REVIEW_PAGE_SIZE, query.data?.pageInfo.totalElements, list.length);
  return (
    <>
      <ul className={`catalog-reviews${query.isPlaceholderData ? ' catalog-results-stale' : ''}`}>
        {list.map((review) => (
          <Review key={review.id} review={review} />
        ))}
      </ul>
      <Pager page={page} window={window} onChange={setPage} label={t('reviews.pagerLabel')} />
    </>
  );
}

/** Reviews of the goods under tabs: all, good, medium, bad, with pictures (each with its count). */
export function GoodsReviews({ sellerGoodsId, headingId }: { sellerGoodsId: string; headingId: string }) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  const [tab, setTab] = useState<ReviewTab>('all');
  const counts = useReviewCounts(sellerGoodsId);
  return (
    <section className="catalog-panel catalog-reviews-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('reviews.title')}</h2>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as ReviewTab)}
        items={REVIEW_TABS.map((key) => ({
          key,
          label: counts.data ? t('reviews.tabWithCount', { label: t(`reviews.tabs.${key}`), value: format.count(reviewTabCount(key, counts.data)) }) : t(`reviews.tabs.${key}`),
          children: key === tab ? <ReviewList key={key} sellerGoodsId={sellerGoodsId} tab={key} /> : null,
        }))}
      />
    </section>
  );
}
