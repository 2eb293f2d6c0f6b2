import { Skeleton, Tag } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '@caravan/ui/amount.tsx';
import type { Estimate, PlacedOrder, PlacedTotals } from '../lib/order-summary.ts';

function Row({ label, children, strong }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`cart-summary-row${strong ? ' cart-summary-total' : ''}`}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Before submitting: the client's estimate from the cart prices, marked as such. */
/** `estimate` undefined: the goods are not known yet (see CheckoutGoodsPending); the rows hold their place. */
export function EstimatedSummary({ estimate, children }: { estimate: Estimate | undefined; children: ReactNode }) {
  const { t } = useTranslation('cart');
  const headingId = useId();
  return (
    <section className="cart-panel cart-summary" aria-labelledby={headingId} data-testid="summary-estimated">
      <div className="cart-panel-head">
        <h2 id={headingId}>{t('summary.title')}</h2>
        <Tag className="cart-tag">{t('summary.estimated')}</Tag>
      </div>
      {estimate ? (
        <>
          <dl className="cart-summary-list">
            {estimate.groups.map((group, index) => (
              <Row key={group.seller.id} label={t('summary.orderGoods', { index: index + 1, seller: group.seller.name })}>
                <Amount value={group.subtotal} unit="USDT" />
              </Row>
            ))}
            <Row label={t('summary.items')}>{t('summary.itemCount', { count: estimate.quantity })}</Row>
            <Row label={t('summary.charges')}>{t('summary.atSubmit')}</Row>
            <Row label={t('summary.estimatedTotal')} strong>
              <Amount value={estimate.subtotal} unit="USDT" />
            </Row>
          </dl>
          <p className="cart-note">{estimate.complete ? t('summary.estimateNote') : t('summary.estimateIncomplete')}</p>
        </>
      ) : (
        <div className="cart-summary-pending" aria-busy="true">
          <Skeleton title={false} paragraph={{ rows: 5 }} />
        </div>
      )}
      {children}
    </section>
  );
}

/** After order!submit: the server's amounts of each order. */
export function PlacedSummary({ orders, totals }: { orders: readonly PlacedOrder[]; totals: PlacedTotals | undefined }) {
  const { t } = useTranslation('cart');
  const headingId = useId();
  return (
    <section className="cart-panel cart-summary" aria-labelledby={headingId} data-testid="summary-placed">
      <div className="cart-panel-head">
        <h2 id={headingId}>{t('summary.title')}</h2>
        <Tag className="cart-tag cart-tag-ok">{t('summary.confirmed')}</Tag>
      </div>
      {orders.map((order, index) => (
        <div key={order.id} className="cart-summary-order">
          <h3>{t('summary.orderGoods', { index: index + 1, seller: order.sellerName })}</h3>
          <p className="cart-note">
            {t('summary.orderNumber')} <span dir="ltr">{order.id}</span>
          </p>
          <dl className="cart-summary-list">
            <Row label={t('summary.goods', { count: order.goodsCount })}>
              <Amount value={order.prizeReal} unit="USDT" />
            </Row>
            <Row label={t('summary.freight')}>
              <Amount value={order.fees} unit="USDT" />
            </Row>
            <Row label={t('summary.tax')}>
              <Amount value={order.tax} unit="USDT" />
            </Row>
            <Row label={t('summary.serviceFee')}>
              <Amount value={order.serviceFee} unit="USDT" />
            </Row>
            <Row label={t('summary.orderTotal')} strong>
              <Amount value={order.totalPrice} unit="USDT" />
            </Row>
          </dl>
        </div>
      ))}
      {orders.length > 1 && (
        <dl className="cart-summary-list">
          <Row label={t('summary.total')} strong>
            <Amount value={totals?.total} unit="USDT" />
          </Row>
        </dl>
      )}
    </section>
  );
}
