// Reviews of the shop's listings, newest first, by type (good, medium, bad, with pictures): the store's
// review tabs and their evaluation!list parameters.
import type { sellerEvaluationListOutput } from '@caravan/contract/sellers';
import { useListParams } from '@caravan/ui/list-params';
import { parseReviewTab, REVIEW_TABS, reviewImages, reviewTabParams } from '@caravan/ui/review-tabs';
import type { WireOf } from '@caravan/ui/wire';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Image, List, Pagination, Rate, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { sellerCall } from '../../lib/api.ts';
import { sellerKeys } from '../../lib/query-keys.ts';

type ReviewsPage = WireOf<typeof sellerEvaluationListOutput>;
type Review = ReviewsPage['pageList'][number];

export default function ReviewsPage() {
  const { t } = useTranslation(['sales', 'common']);
  const list = useListParams(['tab'] as const);
  const tab = parseReviewTab(list.filter.tab);
  const filter = { pageNum: list.page, pageSize: list.pageSize, ...reviewTabParams(tab) };
  const reviews = useQuery({
    queryKey: [...sellerKeys.reviews(), filter],
    queryFn: () => sellerCall<ReviewsPage>('evaluation!list', filter, { silent: true }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader title={t('sales:reviews.title')} />
      <Tabs activeKey={tab} onChange={(key) => list.update({ tab: key === 'all' ? undefined : key })} items={REVIEW_TABS.map((key) => ({ key, label: t(`sales:reviews.tabs.${key}`) }))} />
      {reviews.isError ? <LoadError error={reviews.error} onRetry={() => reviews.refetch()} /> : null}
      <List<Review>
        loading={reviews.isPending || reviews.isFetching}
        dataSource={reviews.data?.pageList ?? []}
        locale={{ emptyText: t('sales:reviews.empty') }}
        renderItem={(review) => (
          <List.Item key={review.id}>
            <List.Item.Meta
              avatar={review.goodsImg ? <img src={review.goodsImg} alt="" width={56} height={56} style={{ objectFit: 'cover', borderRadius: 4 }} loading="lazy" /> : null}
              title={
                <Space wrap size="small">
                  <span dir="auto">{review.goodsName}</span>
                  <Rate disabled value={review.rating} aria-label={t('sales:reviews.rating', { rating: review.rating })} />
                </Space>
              }
              description={
                <>
                  <span dir="auto">{review.userName || review.partyName}</span> · <span dir="ltr">{review.createTimeStr || review.evaluationTime}</span>
                  {review.sourceType === 1 ? <> · {t('sales:reviews.default')}</> : null}
                </>
              }
            />
            <div>
              <p className="seller-review-text" dir="auto">
                {review.content || t('sales:reviews.noText')}
              </p>
              {reviewImages(review).length > 0 ? (
                <Image.PreviewGroup>
                  <Space wrap>
                    {reviewImages(review).map((url, index) => (
                      <Image key={url} src={url} width={72} height={72} style={{ objectFit: 'cover' }} alt={t('sales:reviews.picture', { number: index + 1 })} />
                    ))}
                  </Space>
                </Image.PreviewGroup>
              ) : null}
            </div>
          </List.Item>
        )}
      />
      {reviews.data && reviews.data.pageInfo.totalElements > list.pageSize ? (
        <Pagination current={list.page} pageSize={list.pageSize} total={reviews.data.pageInfo.totalElements} onChange={(page, pageSize) => list.update({ page, pageSize })} style={{ marginBlockStart: 16 }} />
      ) : null}
    </>
  );
}
