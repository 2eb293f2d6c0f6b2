import { DeleteOutlined } from '@ant-design/icons';
import { DEFAULT_BUY_MIN, type CartLine } from '@caravan/ui/cart';
import { Button, Checkbox } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '@caravan/ui/amount.tsx';
import { cart } from '../../../lib/cart-store.ts';
import { quantityMessage, type Message } from '../lib/quantity-message.ts';
import { QuantityStepper } from './quantity-stepper.tsx';

/** One cart line in the drawer: tick, picture, name, chosen attributes, price, quantity, remove. */
export function CartLineItem({ line, maxPerOrder, onNavigate }: { line: CartLine; maxPerOrder: number; onNavigate: () => void }) {
  const { t } = useTranslation('cart');
  const [error, setError] = useState<Message | null>(null);
  const errorId = useId();
  const setCount = (count: number) => {
    const outcome = cart.setQuantity(line.key, count, maxPerOrder);
    setError(outcome.ok ? null : quantityMessage(outcome.reason, line.buyMin, maxPerOrder));
  };
  return (
    <li className="cart-line" data-testid="cart-line">
      <Checkbox
        className="cart-line-tick"
        checked={line.checked}
        aria-label={t('drawer.selectLine', { name: line.name })}
        onChange={(event) => cart.setChecked([line.key], event.target.checked)}
      />
      {line.image ? (
        <img className="cart-line-image" src={line.image} alt={line.name} width={64} height={64} loading="lazy" />
      ) : (
        <span className="cart-line-image cart-line-image-empty" aria-hidden="true" />
      )}
      <div className="cart-line-body">
        <Link className="cart-line-name" to={`/productDetails?id=${encodeURIComponent(line.sellerGoodsId)}`} onClick={onNavigate}>
          {line.name}
        </Link>
        {line.checkAttrName && <div className="cart-line-attrs">{line.checkAttrName}</div>}
        <div className="cart-line-row">
          <Amount className="cart-line-price" value={line.price} unit="USDT" />
          <QuantityStepper
            value={line.count}
            min={Math.max(line.buyMin, DEFAULT_BUY_MIN)}
            max={maxPerOrder}
            label={t('quantity.label', { name: line.name })}
            invalid={error !== null}
            describedBy={error ? errorId : undefined}
            onCommit={setCount}
          />
        </div>
        {error && (
          <div id={errorId} className="cart-line-error" role="alert">
            {t(error.key, error.values)}
          </div>
        )}
      </div>
      <Button
        className="cart-line-remove"
        type="text"
        icon={<DeleteOutlined aria-hidden="true" />}
        aria-label={t('drawer.remove', { name: line.name })}
        onClick={() => cart.remove([line.key])}
      />
    </li>
  );
}
