import { Skeleton } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '@caravan/ui/amount.tsx';
import type { QuantityProblem } from '../lib/checkout-lines.ts';
import { lineAmount, type Estimate } from '../lib/order-summary.ts';
import { quantityMessage } from '../lib/quantity-message.ts';

/** The goods of the checkout, one block per seller: each becomes its own order. */
export function CheckoutGoods({ estimate, problems, maxPerOrder }: { estimate: Estimate; problems: readonly QuantityProblem[]; maxPerOrder: number }) {
  const { t } = useTranslation('cart');
  const headingId = useId();
  return (
    <section className="cart-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('checkout.goods.title', { count: estimate.groups.length })}</h2>
      {estimate.groups.map((group, index) => (
        <div key={group.seller.id} className="cart-checkout-group">
          <h3 className="cart-checkout-seller">{t('checkout.goods.order', { index: index + 1, seller: group.seller.name || t('drawer.sellerUnknown') })}</h3>
          <ul className="cart-checkout-lines">
            {group.lines.map((line) => {
              const problem = problems.find((item) => item.key === line.key);
              const message = problem ? quantityMessage(problem.reason, problem.buyMin, maxPerOrder) : undefined;
              return (
                <li key={line.key} className="cart-checkout-line" data-testid="checkout-line">
                  {line.image ? (
                    <img className="cart-line-image" src={line.image} alt={line.name} width={56} height={56} loading="lazy" />
                  ) : (
                    <span className="cart-line-image cart-line-image-empty" aria-hidden="true" />
                  )}
                  <div className="cart-line-body">
                    <span className="cart-line-name">{line.name}</span>
                    {line.checkAttrName && <span className="cart-line-attrs">{line.checkAttrName}</span>}
                    {message && <span className="cart-line-error">{t(message.key, message.values)}</span>}
                  </div>
                  <span className="cart-checkout-qty">
                    <Amount value={line.price} unit="USDT" /> <span dir="ltr">× {line.count}</span>
                  </span>
                  <Amount className="cart-amount-strong" value={lineAmount(line)} unit="USDT" />
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}

/**
 * The goods while they are not known yet (the cart is in the browser; a page the server rendered learns
 * them once hydrated): shaped like one order of one line, the most common checkout, so that nothing below
 * moves when it arrives.
 */
export function CheckoutGoodsPending() {
  const { t } = useTranslation('common');
  return (
    <section className="cart-panel cart-goods-pending" aria-busy="true" data-testid="checkout-goods-pending">
      <span className="visually-hidden">{t('loading')}</span>
      {/* still, not shimmering: it stands only while the page hydrates, and an animated one repaints every frame */}
      <Skeleton title={{ width: '40%' }} paragraph={{ rows: 1, width: '60%' }} />
      <div className="cart-checkout-line">
        <span className="cart-line-image cart-line-image-empty" aria-hidden="true" />
        <Skeleton title={false} paragraph={{ rows: 2 }} />
      </div>
    </section>
  );
}
