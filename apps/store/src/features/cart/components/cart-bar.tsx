// The floating cart button (spec section 2): logged-in users, on some pages only. It is part of every
// page's first load, so the drawer and what it needs load on first open (and are prefetched when the
// pointer or focus reaches the button).
import { ShoppingCartOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCart } from '../../../lib/cart-store.ts';
import { useSession } from '../../../lib/session.ts';
import { showsCartBar } from '../lib/cart-bar-routes.ts';
import './cart-bar.css';

const loadDrawer = () => import('./cart-drawer.tsx');
const CartDrawer = lazy(loadDrawer);

export function CartBar() {
  const { t } = useTranslation('cart');
  const { token } = useSession();
  const { pathname } = useLocation();
  const lines = useCart();
  // the drawer belongs to the page (and session) it was opened on: leaving closes it
  const here = `${token ?? ''}|${pathname}`;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  if (!token || !showsCartBar(pathname)) return null;
  const open = openOn === here;
  const prefetch = () => void loadDrawer().catch(() => undefined);
  return (
    <>
      <button
        type="button"
        className="cart-bar"
        data-testid="cart-bar"
        aria-label={t('bar.open', { count: lines.length })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpenOn(here);
        }}
      >
        <ShoppingCartOutlined aria-hidden="true" />
        <span className="cart-bar-count" aria-hidden="true">
          {lines.length > 99 ? '99+' : lines.length}
        </span>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <CartDrawer open={open} onClose={() => setOpenOn(null)} />
        </Suspense>
      )}
    </>
  );
}
