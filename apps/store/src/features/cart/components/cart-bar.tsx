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

/**
 * The cart drawer of the current page and session, for whatever opens it (the PC cart bar, the mobile
 * tab bar): leaving the page (or the session) closes it; it loads on first open.
 */
export function useCartDrawer() {
  const { token } = useSession();
  const { pathname } = useLocation();
  const here = `${token ?? ''}|${pathname}`;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const open = openOn === here;
  return {
    open,
    prefetch: () => void loadDrawer().catch(() => undefined),
    show: () => {
      setWanted(true);
      setOpenOn(here);
    },
    drawer: wanted ? (
      <Suspense fallback={null}>
        <CartDrawer open={open} onClose={() => setOpenOn(null)} />
      </Suspense>
    ) : null,
  };
}

export function CartBar() {
  const { t } = useTranslation('cart');
  const { token } = useSession();
  const { pathname } = useLocation();
  const lines = useCart();
  const { open, prefetch, show, drawer } = useCartDrawer();
  if (!token || !showsCartBar(pathname)) return null;
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
        onClick={show}
      >
        <ShoppingCartOutlined aria-hidden="true" />
        <span className="cart-bar-count" aria-hidden="true">
          {lines.length > 99 ? '99+' : lines.length}
        </span>
      </button>
      {drawer}
    </>
  );
}
