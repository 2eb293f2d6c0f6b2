// /userInfo/order-evaluation?id=<order id>: a review (good / medium / bad, 1-5 stars, text, up to 9
// pictures) for each product of a received order not reviewed yet; sent together (evaluation!addList).
import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Input, Radio, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ImageUpload } from '@caravan/ui/image-upload.tsx';
import { useOrder } from '../api/get-order.ts';
import { useOrderGoods } from '../api/get-order-goods.ts';
import { useSubmitReviews } from '../api/submit-reviews.ts';
import { LoadingBlock, LoadProblem } from '../components/load-problem.tsx';
import { OrderSubPage } from '../components/order-sub-page.tsx';
import { StarRating } from '../components/star-rating.tsx';
import { orderPaths } from '../order-paths.ts';
import { allowedActions } from '../order-rules.ts';
import { buildEvaluationAddList, EVALUATION_TYPES, MAX_RATING, MAX_REVIEW_PICTURES, MAX_REVIEW_TEXT_LENGTH, reviewTargets, type ReviewDraft, type ReviewTarget } from '../review-request.ts';
import type { OrderGoods, OrderInfo } from '../types.ts';
import '../orders.css';
import { useMessage } from '../../../components/feedback.tsx';

type Draft = Omit<ReviewDraft, 'sellerGoodsId'>;

const EMPTY_DRAFT: Draft = { evaluationType: 1, rating: MAX_RATING, content: '', pictures: [] };

function ReviewItem({
  target,
  index,
  draft,
  onChange,
  onUploading,
}: {
  target: ReviewTarget<OrderGoods>;
  index: number;
  draft: Draft;
  onChange: (draft: Draft) => void;
  onUploading: (uploading: boolean) => void;
}) {
  const { t } = useTranslation('orders');
  const [line] = target.lines;
  if (!line) return null;
  const headingId = `review-goods-${index}`;
  const attributes = target.lines.map((candidate) => candidate.attributes).filter((text) => text.length > 0);
  return (
    <article className="orders-review-item" aria-labelledby={headingId}>
      <header className="orders-review-goods">
        {/* the name beside it says what the picture shows */}
        {line.goodsIcon ? <img src={line.goodsIcon} alt="" width={72} height={72} className="orders-thumb" loading="lazy" /> : null}
        <div>
          <h2 id={headingId} className="orders-review-name">
            {line.goodsName}
          </h2>
          {attributes.length > 0 ? <p className="orders-goods-attributes">{attributes.join(' / ')}</p> : null}
          {target.lines.length > 1 ? <p className="orders-note">{t('review.sharedLines', { count: target.lines.length - 1 })}</p> : null}
        </div>
        {target.reviewed ? (
          <span className="orders-reviewed">
            <CheckCircleFilled aria-hidden="true" /> {t('review.reviewed')}
          </span>
        ) : null}
      </header>
      {target.reviewed ? null : (
        <div className="orders-review-form">
          <fieldset className="orders-fieldset">
            <legend className="orders-legend">{t('review.type', { name: line.goodsName })}</legend>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              value={draft.evaluationType}
              onChange={(event) => onChange({ ...draft, evaluationType: Number(event.target.value) })}
              options={EVALUATION_TYPES.map((type) => ({ value: type, label: t(`review.types.${type}`) }))}
            />
          </fieldset>
          <StarRating legend={t('review.rating')} value={draft.rating} onChange={(rating) => onChange({ ...draft, rating })} />
          <div className="orders-form-field">
            <label htmlFor={`review-text-${index}`} className="orders-label">
              {t('review.content')}
            </label>
            <Input.TextArea
              id={`review-text-${index}`}
              rows={3}
              maxLength={MAX_REVIEW_TEXT_LENGTH}
              showCount
              placeholder={t('review.contentPlaceholder')}
              value={draft.content}
              onChange={(event) => onChange({ ...draft, content: event.target.value })}
            />
          </div>
          <div className="orders-form-field">
            <label htmlFor={`review-pictures-${index}`} className="orders-label">
              {t('review.pictures')}
            </label>
            <p className="orders-help" id={`review-pictures-help-${index}`}>
              {t('review.picturesHelp', { count: MAX_REVIEW_PICTURES })}
            </p>
            <ImageUpload
              id={`review-pictures-${index}`}
              moduleName="evaluation"
              maxCount={MAX_REVIEW_PICTURES}
              onChange={(pictures) => onChange({ ...draft, pictures })}
              onUploadingChange={onUploading}
            />
          </div>
        </div>
      )}
    </article>
  );
}

function ReviewForm({ order, goods }: { order: OrderInfo; goods: OrderGoods[] }) {
  const { t } = useTranslation('orders');
  const message = useMessage();
  const navigate = useNavigate();
  const submitReviews = useSubmitReviews();
  const targets = reviewTargets(goods);
  const open = targets.filter((target) => !target.reviewed);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const anyUploading = Object.values(uploading).some(Boolean);
  const draftOf = (goodsId: string) => drafts[goodsId] ?? EMPTY_DRAFT;

  if (open.length === 0) {
    return (
      <Result
        status="success"
        title={t('review.allDone')}
        extra={
          <Link to={orderPaths.detail(order.id)} className="orders-link-button">
            {t('actions.backToDetail')}
          </Link>
        }
      />
    );
  }

  const submit = async () => {
    const request = buildEvaluationAddList(
      order.id,
      open.map((target) => ({ sellerGoodsId: target.goodsId, ...draftOf(target.goodsId) })),
    );
    if (!request.ok) {
      void message.error(t(`review.problem.${request.problem}`));
      return;
    }
    try {
      await submitReviews.mutateAsync(request.body);
      void message.success(t('review.done'));
      void navigate(orderPaths.detail(order.id), { replace: true });
    } catch {
      // the API client has shown the server's message
    }
  };

  return (
    <form
      className="orders-review-list"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {targets.map((target, index) => (
        <ReviewItem
          key={target.goodsId}
          target={target}
          index={index}
          draft={draftOf(target.goodsId)}
          onChange={(draft) => setDrafts((current) => ({ ...current, [target.goodsId]: draft }))}
          onUploading={(busy) => setUploading((current) => ({ ...current, [target.goodsId]: busy }))}
        />
      ))}
      <div className="orders-form-actions">
        <Button type="primary" htmlType="submit" loading={submitReviews.isPending} disabled={anyUploading} aria-describedby={anyUploading ? 'review-uploading' : undefined}>
          {t('review.submit')}
        </Button>
        {anyUploading ? (
          <span id="review-uploading" className="orders-note">
            {t('review.uploading')}
          </span>
        ) : null}
      </div>
    </form>
  );
}

function OrderEvaluation({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const order = useOrder(orderId);
  const goods = useOrderGoods(orderId);
  if (order.isPending || goods.isPending) return <LoadingBlock />;
  if (order.isError) return <LoadProblem error={order.error} title={t('detail.loadFailed')} onRetry={() => void order.refetch()} />;
  if (goods.isError) return <LoadProblem error={goods.error} title={t('detail.loadFailed')} onRetry={() => void goods.refetch()} />;
  const info = order.data;
  // a received order that is not fully reviewed; the form itself says when everything is reviewed
  const reviewable = info.status === 4 && allowedActions({ status: info.status, returnStatus: info.returnStatus }).includes('review');
  if (!reviewable && info.status !== 5) {
    return (
      <Result
        status="info"
        title={t('review.notAllowed')}
        extra={
          <Link to={orderPaths.detail(info.id)} className="orders-link-button">
            {t('actions.backToDetail')}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <p className="orders-intro" dir="auto">
        {t('review.intro', { id: info.id })}
      </p>
      <ReviewForm order={info} goods={goods.data} />
    </>
  );
}

export default function OrderEvaluationPage() {
  const { t } = useTranslation('orders');
  return <OrderSubPage title={t('titles.evaluation')}>{(orderId) => <OrderEvaluation orderId={orderId} />}</OrderSubPage>;
}
