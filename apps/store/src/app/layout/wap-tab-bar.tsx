// The /wap site's bottom navigation: home, categories, cart (the shared cart drawer), orders and the
// user centre. Touch targets are at least 44 px; in right-to-left languages the order mirrors by itself
// (a flex row follows the document's direction).
import { AppstoreOutlined, FileTextOutlined, HomeOutlined, ShoppingCartOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { useCartDrawer } from '../../features/cart/components/cart-bar.tsx';
import { useCart } from '../../lib/cart-store.ts';
import { useSession } from '../../lib/session.ts';

function Tab({ to, icon, label, end = false }: { to: string; icon: ReactNode; label: string; end?: boolean }) {
  return (
    <NavLink to={to} end={end} className={({ isActive }) => `wap-tab${isActive ? ' wap-tab-active' : ''}`}>
      {icon}
      <span className="wap-tab-label">{label}</span>
    </NavLink>
  );
}

function CartTab() {
  const { t } = useTranslation('common');
  const { token } = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const lines = useCart();
  const { open, prefetch, show, drawer } = useCartDrawer();
  const count = token ? lines.length : 0;
  return (
    <>
      <button
        type="button"
        className={`wap-tab${open ? ' wap-tab-active' : ''}`}
        data-testid="wap-cart-tab"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={token ? prefetch : undefined}
        onFocus={token ? prefetch : undefined}
        onClick={() => (token ? show() : void navigate(`/login?redirect=${encodeURIComponent(pathname + search)}`))}
      >
        <ShoppingCartOutlined aria-hidden="true" />
        <span className="wap-tab-label">{t('wap.cart')}</span>
        {/* after the label: the tab reads "Cart 3" */}
        {count > 0 && <span className="wap-tab-badge">{count > 99 ? '99+' : count}</span>}
      </button>
      {token ? drawer : null}
    </>
  );
}

export function WapTabBar() {
  const { t } = useTranslation('common');
  return (
    <nav className="wap-tab-bar" aria-label={t('nav.label')} data-testid="wap-tab-bar">
      <Tab to="/index" icon={<HomeOutlined aria-hidden="true" />} label={t('nav.home')} />
      <Tab to="/classification" icon={<AppstoreOutlined aria-hidden="true" />} label={t('nav.classification')} />
      <CartTab />
      <Tab to="/userInfo/my-order" icon={<FileTextOutlined aria-hidden="true" />} label={t('wap.orders')} />
      <Tab to="/userInfo/dashboard" icon={<UserOutlined aria-hidden="true" />} label={t('wap.me')} />
    </nav>
  );
}
