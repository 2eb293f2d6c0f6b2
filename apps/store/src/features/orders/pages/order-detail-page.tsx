// /userInfo/order-detail?id=<order id>: status and actions, order data, address, goods, amounts and
// the logistics timeline.
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Amount } from '@caravan/ui/amount.tsx';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { RequireLogin } from '../../../components/require-login.tsx';
import { useOrder } from '../api/get-order.ts';
import { useOrderGoods } from '../api/get-order-goods.ts';
import { orderKeys } from '../api/order-keys.ts';
import { LoadingBlock, LoadProblem, OrderNotFound } from '../components/load-problem.tsx';
import { OrderActions } from '../components/order-actions.tsx';
import { OrderStatusTag, RefundStatusTag } from '@caravan/ui/order-status-tag.tsx';
import { OrderTimeline } from '../components/order-timeline.tsx';
import { PayCountdown, useSecondsLeft } from '../components/pay-countdown.tsx';
import { multiplyAmount } from '../order-money.ts';
import { orderPaths } from '../order-paths.ts';
import { cancelReasonKey, isOrderId, tabIndexOfStatus } from '../order-rules.ts';
import { reviewTargets } from '../review-request.ts';
import type { OrderGoods, OrderInfo } from '../types.ts';
import '../orders.css';

/** After the payment deadline the server cancels the order within moments; read it again then. */
const REFRESH_AFTER_DEADLINE_MS = 5_000;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="orders-section" aria-labelledby={id}>
      <h2 id={id} className="orders-section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="orders-field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function GoodsTable({ goods }: { goods: OrderGoods[] }) {
  const { t } = useTranslation('orders');
  const columns: ColumnsType<OrderGoods> = [
    {
      key: 'goods',
      title: t('detail.goodsName'),
      render: (_, line) => (
        <span className="orders-goods-cell">
          {/* the name beside it says what the picture shows */}
          {line.goodsIcon ? <img src={line.goodsIcon} alt="" width={56} height={56} className="orders-thumb orders-thumb-small" loading="lazy" /> : null}
          <span>
            <span className="orders-goods-name">{line.goodsName}</span>
            {line.attributes ? <span className="orders-goods-attributes">{line.attributes}</span> : null}
            {line.evaluated === 1 ? <Tag color="green">{t('detail.reviewed')}</Tag> : null}
          </span>
        </span>
      ),
    },
    { key: 'price', title: t('detail.unitPrice'), align: 'end', render: (_, line) => <Amount value={line.goodsReal} unit="USDT" /> },
    { key: 'quantity', title: t('detail.quantity'), align: 'end', render: (_, line) => <span dir="ltr">{line.goodsNum}</span> },
    { key: 'subtotal', title: t('detail.subtotal'), align: 'end', render: (_, line) => <Amount value={multiplyAmount(line.goodsReal, line.goodsNum)} unit="USDT" /> },
  ];
  return <Table<OrderGoods> className="orders-goods-table" rowKey="id" columns={columns} dataSource={goods} pagination={false} size="middle" scroll={{ x: 560 }} />;
}

function Amounts({ order }: { order: OrderInfo }) {
  const { t } = useTranslation('orders');
  const hasDiscount = /[1-9]/.test(order.discount);
  return (
    <dl className="orders-amounts">
      <Field label={t('detail.goodsAmount')}>
        <Amount value={order.prizeOriginal} unit="USDT" />
      </Field>
      {hasDiscount ? (
        <Field label={t('detail.discount')}>
          <span className="orders-discount">
            <Amount value={`-${order.discount}`} unit="USDT" />
          </span>
        </Field>
      ) : null}
      <Field label={t('detail.freight')}>
        <Amount value={order.fees} unit="USDT" />
      </Field>
      <Field label={t('detail.tax')}>
        <Amount value={order.tax} unit="USDT" />
      </Field>
      <Field label={t('detail.serviceFee')}>
        <Amount value={order.serviceFee} unit="USDT" />
      </Field>
      <div className="orders-field orders-amounts-total">
        <dt>{t('detail.total')}</dt>
        <dd>
          <Amount value={order.totalPrice} unit="USDT" className="orders-amount-strong" />
        </dd>
      </div>
    </dl>
  );
}

function OrderDetail({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const client = useQueryClient();
  const order = useOrder(orderId);
  const goods = useOrderGoods(orderId);
  const unpaid = order.data?.status === 0;
  const left = useSecondsLeft(unpaid ? order.data?.payDeadline : undefined);

  useEffect(() => {
    if (left !== 0) return;
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: orderKeys.all }), REFRESH_AFTER_DEADLINE_MS);
    return () => clearTimeout(timer);
  }, [left, client]);

  if (order.isPending) return <LoadingBlock />;
  if (order.isError) return <LoadProblem error={order.error} title={t('detail.loadFailed')} onRetry={() => void order.refetch()} />;
  const info = order.data;
  const allReviewed = goods.data ? reviewTargets(goods.data).every((target) => target.reviewed) : undefined;
  const cancelKey = info.status === -1 ? cancelReasonKey(info.cancelReason) : undefined;
  const addressLine = [info.address, info.city, info.province, info.country].filter((part) => part.trim().length > 0).join(', ');

  return (
    <>
      <div className="orders-status-panel">
        <div className="orders-status-line">
          <OrderStatusTag status={info.status} />
          <RefundStatusTag returnStatus={info.returnStatus} />
        </div>
        {unpaid ? <PayCountdown secondsLeft={left} /> : null}
        {info.reminded === 1 && (info.status === 1 || info.status === 2) ? <p className="orders-note">{t('detail.remindedNote')}</p> : null}
        <div className="orders-actions" role="group" aria-label={t('card.actions', { id: info.id })}>
          <OrderActions
            orderId={info.id}
            total={info.totalPrice}
            facts={{
              status: info.status,
              returnStatus: info.returnStatus,
              reminded: info.reminded === 1,
              payExpired: left === 0,
              ...(allReviewed === undefined ? {} : { allReviewed }),
            }}
          />
        </div>
      </div>

      <div className="orders-detail-grid">
        <Section id="order-overview" title={t('detail.overview')}>
          <dl className="orders-fields">
            <Field label={t('detail.orderNo')}>
              <span dir="ltr" className="orders-order-no">
                {info.id}
              </span>
            </Field>
            <Field label={t('detail.shop')}>{info.sellerName || t('list.shopFallback')}</Field>
            <Field label={t('detail.createTime')}>
              <PlatformTime value={info.createTime} />
            </Field>
            {info.payTime ? (
              <Field label={t('detail.payTime')}>
                <PlatformTime value={info.payTime} />
              </Field>
            ) : null}
            {info.pushTime ? (
              <Field label={t('detail.pushTime')}>
                <PlatformTime value={info.pushTime} />
              </Field>
            ) : null}
            {info.returnStatus !== 0 ? (
              <Field label={t('detail.refundState')}>
                <RefundStatusTag returnStatus={info.returnStatus} />
              </Field>
            ) : null}
            {cancelKey ? <Field label={t('detail.cancelReason')}>{t(`reasons.cancel.${cancelKey}`)}</Field> : null}
          </dl>
        </Section>

        <Section id="order-address" title={t('detail.address')}>
          <dl className="orders-fields">
            <Field label={t('detail.contacts')}><bdi>{info.contacts}</bdi></Field>
            <Field label={t('detail.phone')}>
              <span dir="ltr">{info.phone}</span>
            </Field>
            {info.email ? (
              <Field label={t('detail.email')}>
                <span dir="ltr">{info.email}</span>
              </Field>
            ) : null}
            <Field label={t('detail.fullAddress')}><bdi>{addressLine}</bdi></Field>
            {info.postcode ? (
              <Field label={t('detail.postcode')}>
                <span dir="ltr">{info.postcode}</span>
              </Field>
            ) : null}
          </dl>
        </Section>
      </div>

      <Section id="order-goods" title={t('detail.goods')}>
        {goods.isPending ? <LoadingBlock /> : goods.isError ? <LoadProblem error={goods.error} title={t('detail.loadFailed')} onRetry={() => void goods.refetch()} /> : <GoodsTable goods={goods.data} />}
      </Section>

      <div className="orders-detail-grid">
        <Section id="order-amounts" title={t('detail.amounts')}>
          <Amounts order={info} />
        </Section>
        <Section id="order-timeline" title={t('detail.timeline')}>
          <OrderTimeline orderId={info.id} />
        </Section>
      </div>
    </>
  );
}

function OrderDetailPageContent() {
  const { t } = useTranslation('orders');
  const [params] = useSearchParams();
  const id = params.get('id');
  const order = useOrder(isOrderId(id) ? id : '', false);
  const backTab = order.data ? tabIndexOfStatus(order.data.status) : 0;
  return (
    <section className="orders-page">
      <div className="orders-page-head">
        <h1 className="orders-title">{t('titles.detail')}</h1>
        <Link to={orderPaths.list(backTab)} className="orders-back-link">
          <ArrowLeftOutlined aria-hidden="true" className="orders-flip-rtl" /> {t('actions.backToList')}
        </Link>
      </div>
      {isOrderId(id) ? <OrderDetail orderId={id} /> : <OrderNotFound />}
    </section>
  );
}

export default function OrderDetailPage() {
  return (
    <RequireLogin>
      <OrderDetailPageContent />
    </RequireLogin>
  );
}
