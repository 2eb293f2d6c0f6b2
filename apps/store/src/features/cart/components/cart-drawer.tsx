// The cart drawer, loaded on the cart bar's first open: lines grouped by seller, ticks per line, per
// seller and for all (ticked by default), quantities, removal, the ticked total and "Check out".
import type { CartLine } from '@caravan/ui/cart';
import { tickedTotal } from '@caravan/ui/cart';
import { Button, Checkbox, ConfigProvider, Drawer, Empty } from 'antd';
import { useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Amount } from '@caravan/ui/amount.tsx';
import { cart, useCart } from '../../../lib/cart-store.ts';
import { usePlatformSettings } from '../../../lib/settings.ts';
import { groupLinesBySeller, keysOf, tickState, type TickState } from '../lib/cart-groups.ts';
import { isPositiveAmount } from '../lib/order-summary.ts';
import { CartLineItem } from './cart-line-item.tsx';
import '../cart.css';

/** Spec sections 2 and 9. */
export const CART_DRAWER_WIDTH_PX = 400;

function TickBox({ state, label, lines, children }: { state: TickState; label?: string; lines: readonly CartLine[]; children?: ReactNode }) {
  return (
    <Checkbox
      checked={state === 'all'}
      indeterminate={state === 'some'}
      aria-label={label}
      onChange={(event) => cart.setChecked(keysOf(lines), event.target.checked)}
    >
      {children}
    </Checkbox>
  );
}

export default function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('cart');
  const { direction } = useContext(ConfigProvider.ConfigContext);
  const navigate = useNavigate();
  const lines = useCart();
  const { maxPerOrder } = usePlatformSettings();
  const [attempted, setAttempted] = useState(false);
  const groups = groupLinesBySeller(lines);
  const ticked = lines.filter((line) => line.checked);
  const total = tickedTotal(lines);
  // the message stays only while its cause does
  const problem = !attempted ? null : ticked.length === 0 ? 'drawer.noneSelected' : !isPositiveAmount(total) ? 'drawer.zeroTotal' : null;

  const checkout = () => {
    setAttempted(true);
    if (ticked.length === 0 || !isPositiveAmount(total)) return;
    setAttempted(false);
    onClose();
    void navigate('/settlement');
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      // antd keeps "right" in right-to-left layouts: the drawer belongs at the inline end
      placement={direction === 'rtl' ? 'left' : 'right'}
      size={CART_DRAWER_WIDTH_PX}
      rootClassName="cart-drawer"
      title={t('drawer.title', { count: lines.length })}
      closable={{ 'aria-label': t('drawer.close') }}
      footer={
        lines.length > 0 ? (
          <div className="cart-drawer-footer">
            <div className="cart-drawer-footer-row">
              <TickBox state={tickState(lines)} lines={lines}>
                {t('drawer.selectAll')}
              </TickBox>
              <span className="cart-drawer-selected">{t('drawer.selected', { count: ticked.length })}</span>
            </div>
            <div className="cart-drawer-footer-row cart-drawer-total">
              <span>{t('drawer.total')}</span>
              <Amount value={total} unit="USDT" className="cart-amount-strong" />
            </div>
            {problem && (
              <p className="cart-error" role="alert">
                {t(problem)}
              </p>
            )}
            <Button type="primary" size="large" block onClick={checkout} data-testid="cart-checkout">
              {t('drawer.checkout')}
            </Button>
          </div>
        ) : null
      }
    >
      {lines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.empty')}>
          <Link to="/commodity" onClick={onClose}>
            {t('drawer.continueShopping')}
          </Link>
        </Empty>
      ) : (
        <div className="cart-drawer-groups">
          {groups.map((group) => (
            <section key={group.seller.id} className="cart-group" aria-label={group.seller.name || t('drawer.sellerUnknown')}>
              <div className="cart-group-head">
                <TickBox state={group.tick} lines={group.lines} label={t('drawer.selectSeller', { seller: group.seller.name })} />
                <Link className="cart-group-seller" to={`/store?id=${encodeURIComponent(group.seller.id)}`} onClick={onClose}>
                  {group.seller.name || t('drawer.sellerUnknown')}
                </Link>
              </div>
              <ul className="cart-lines">
                {group.lines.map((line) => (
                  <CartLineItem key={line.key} line={line} maxPerOrder={maxPerOrder} onNavigate={onClose} />
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Drawer>
  );
}
