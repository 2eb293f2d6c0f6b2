import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '@caravan/ui/amount.tsx';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { orderPaths } from '../order-paths.ts';
import type { OrderListItem } from '../types.ts';
import { OrderActions } from './order-actions.tsx';
import { OrderStatusTag, RefundStatusTag } from '@caravan/ui/order-status-tag.tsx';

/** Stands for the id inside its message, to cut the translated text around it (never in a translation). */
const ID_MARKER = '\u0001';

/**
 * "Order no. <id>" in the page's direction, the id isolated as left-to-right text: inside right-to-left
 * text (or next to it) an id starting with digits would otherwise have them moved to the wrong side.
 */
function OrderNumber({ id }: { id: string }) {
  const { t } = useTranslation('orders');
  const [before = '', after = ''] = t('card.orderNo', { id: ID_MARKER }).split(ID_MARKER);
  return (
    <span>
      {before}
      <bdi dir="ltr" className="orders-order-no">
        {id}
      </bdi>
      {after}
    </span>
  );
}

/** One order in the list: shop, status, first goods, count, amounts, time and the allowed actions. */
export function OrderCard({ order }: { order: OrderListItem }) {
  const { t } = useTranslation('orders');
  const headingId = `order-${order.id}`;
  return (
    <article className="orders-card" aria-labelledby={headingId}>
      <header className="orders-card-header">
        <h2 id={headingId} className="orders-card-shop">
          <ShopOutlined aria-hidden="true" /> {order.goodsFrom || t('list.shopFallback')}
        </h2>
        <span className="orders-card-tags">
          <OrderStatusTag status={order.status} />
          <RefundStatusTag returnStatus={order.returnStatus} />
        </span>
      </header>
      <div className="orders-card-meta">
        <OrderNumber id={order.id} />
        <span>
          {t('card.placedAt')} <PlatformTime value={order.createTime} />
        </span>
      </div>
      <div className="orders-card-body">
        <Link to={orderPaths.detail(order.id)} className="orders-card-goods">
          {order.firstGoodsIcon ? (
            // the name beside it says what the picture shows
            <img src={order.firstGoodsIcon} alt="" className="orders-thumb" width={72} height={72} loading="lazy" />
          ) : (
            <span className="orders-thumb orders-thumb-empty" aria-hidden="true" />
          )}
          <span className="orders-card-goods-name">{order.firstGoodsName}</span>
        </Link>
        <dl className="orders-card-figures">
          <div>
            <dt>{t('card.freight')}</dt>
            <dd>
              <Amount value={order.fees} unit="USDT" />
            </dd>
          </div>
          <div>
            <dt>{t('card.tax')}</dt>
            <dd>
              <Amount value={order.tax} unit="USDT" />
            </dd>
          </div>
          <div className="orders-card-total">
            <dt>{t('card.total')}</dt>
            <dd>
              <Amount value={order.priceCount} unit="USDT" className="orders-amount-strong" />
            </dd>
          </div>
        </dl>
        <p className="orders-card-count">{t('card.goodsCount', { count: order.goodsCount })}</p>
      </div>
      <footer className="orders-card-actions" role="group" aria-label={t('card.actions', { id: order.id })}>
        <OrderActions orderId={order.id} facts={{ status: order.status, returnStatus: order.returnStatus }} total={order.priceCount} withDetailLink size="small" />
      </footer>
    </article>
  );
}
