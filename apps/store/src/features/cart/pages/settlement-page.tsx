// Checkout (/settlement, spec sections 2, 5 and 6): the "buy now" lines or the ticked cart lines,
// grouped by seller (one order each); address, payment method and summary; order!submit, then the
// payment step (order!pay). The placed orders are kept in the router state, so a reload resumes at
// payment instead of submitting again.
import { ApiError } from '@caravan/ui/api-client';
import { useHydrated } from '@caravan/ui/use-hydrated';
import { Alert, Button, Empty, Steps } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { defaultAddress, useAddressList } from '../../../components/address-api.ts';
import { RequireLogin } from '../../../components/require-login.tsx';
import { cart, useCart } from '../../../lib/cart-store.ts';
import { isWap } from '../../../lib/mount.ts';
import { usePlatformSettings } from '../../../lib/settings.ts';
import { useSubmitOrder } from '../api/submit-order.ts';
import { CheckoutAddress } from '../components/checkout-address.tsx';
import { CheckoutGoods, CheckoutGoodsPending } from '../components/checkout-goods.tsx';
import { EstimatedSummary, PlacedSummary } from '../components/order-summary-panel.tsx';
import { PaymentMethods } from '../components/payment-methods.tsx';
import { PayStep } from '../components/pay-step.tsx';
import { keysOf } from '../lib/cart-groups.ts';
import { drawnCheckoutLines } from '../lib/checkout-cookie.ts';
import { buildOrderInfo, MAX_ORDER_LINES, pickCheckoutLines, quantityProblems, type CheckoutLines } from '../lib/checkout-lines.ts';
import { afterFailure, intentFor, newIntentKey, type Intent } from '../lib/intent-key.ts';
import { estimateCheckout, placedTotals, readPlacedOrders, type PlacedOrder } from '../lib/order-summary.ts';
import '../cart.css';

/** `checkout` undefined: the lines are not known yet (a page the server rendered, until it has hydrated). */
function Review({ checkout, onPlaced }: { checkout: CheckoutLines | undefined; onPlaced: (orders: PlacedOrder[]) => void }) {
  const { t } = useTranslation('cart');
  const { maxPerOrder } = usePlatformSettings();
  const addresses = useAddressList();
  const submit = useSubmitOrder();
  const intent = useRef<Intent | undefined>(undefined);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const list = addresses.data ?? [];
  const addressId = chosen && list.some((address) => address.id === chosen) ? chosen : defaultAddress(list)?.id;
  const lines = checkout?.lines;
  const estimate = useMemo(() => estimateCheckout(lines ?? []), [lines]);
  const problems = quantityProblems(lines ?? [], maxPerOrder);

  const place = async () => {
    if (!checkout) return;
    setAttempted(true);
    setError(null);
    if (!addressId) {
      setError(t('checkout.address.required'));
      return;
    }
    if (problems.length > 0) {
      setError(t(checkout.from === 'cart' ? 'checkout.submit.fixQuantitiesInCart' : 'checkout.submit.fixQuantities'));
      return;
    }
    const info = buildOrderInfo(checkout.lines);
    if (!info.ok) {
      setError(t(info.reason === 'too_many' ? 'checkout.submit.tooMany' : 'checkout.submit.invalidLines', { max: MAX_ORDER_LINES }));
      return;
    }
    intent.current = intentFor(intent.current, `${info.orderInfo}|${addressId}`, () => newIntentKey());
    try {
      const orders = await submit.mutateAsync({ orderInfo: info.orderInfo, addressId, idempotencyKey: intent.current.key });
      if (orders.length === 0) {
        setError(t('checkout.submit.failed'));
        return;
      }
      // "buy now" lines were never in the cart; the cart's ticked lines are bought now
      if (checkout.from === 'cart') cart.remove(keysOf(checkout.lines));
      onPlaced(orders);
    } catch (failure) {
      intent.current = afterFailure(intent.current, failure);
      setError(failure instanceof ApiError && failure.message ? failure.message : t('checkout.submit.networkError'));
    }
  };

  return (
    <div className="cart-checkout">
      <div className="cart-checkout-main">
        <CheckoutAddress value={addressId} onChange={setChosen} invalid={attempted && addresses.isSuccess && !addressId} />
        {checkout ? <CheckoutGoods estimate={estimate} problems={problems} maxPerOrder={maxPerOrder} /> : <CheckoutGoodsPending />}
        <PaymentMethods />
      </div>
      <aside className="cart-checkout-aside">
        <EstimatedSummary estimate={checkout ? estimate : undefined}>
          {error && <Alert type="error" showIcon role="alert" className="cart-pay-alert" title={error} />}
          <Button type="primary" size="large" block loading={submit.isPending} disabled={!checkout} onClick={() => void place()} data-testid="submit-order">
            {t('checkout.submit.button')}
          </Button>
        </EstimatedSummary>
      </aside>
    </div>
  );
}

function Paying({ orders }: { orders: PlacedOrder[] }) {
  const totals = placedTotals(orders);
  return (
    <div className="cart-checkout">
      <div className="cart-checkout-main">
        <PayStep orders={orders} total={totals?.total} />
      </div>
      <aside className="cart-checkout-aside">
        <PlacedSummary orders={orders} totals={totals} />
      </aside>
    </div>
  );
}

function Settlement() {
  const { t } = useTranslation('cart');
  const location = useLocation();
  const navigate = useNavigate();
  const cartLines = useCart();
  // what is bought is fixed when the page opens (the cart may change in another tab meanwhile); the cart
  // lives in this browser, so a page the server rendered learns it once it has hydrated
  const hydrated = useHydrated();
  const [checkout, setCheckout] = useState<CheckoutLines | undefined>(() => (hydrated ? pickCheckoutLines(location.state, cartLines) : undefined));
  // fixed in the render where the browser's cart first shows (the same render, no second one)
  if (hydrated && !checkout) setCheckout(pickCheckoutLines(location.state, cartLines));
  // until then, the lines the server drew the page with (the store's checkout cookie), if any
  const drawn = hydrated ? [] : drawnCheckoutLines();
  const shown = checkout ?? (drawn.length > 0 ? pickCheckoutLines(null, drawn) : undefined);
  const placed = readPlacedOrders(location.state);

  const onPlaced = (orders: PlacedOrder[]) => {
    const state = location.state && typeof location.state === 'object' ? (location.state as Record<string, unknown>) : {};
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: { ...state, placed: orders } });
    // the page turns into the payment step: start reading it from the top
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="cart-page">
      <h1 className="cart-page-title">{t('checkout.title')}</h1>
      <Steps
        className="cart-steps"
        // on the /wap site (which the server draws) the phone's vertical steps from the start, not after a
        // width read in the browser turned them over once hydrated; the PC store follows the window
        {...(isWap ? { responsive: false, orientation: 'vertical' as const } : {})}
        size="small"
        current={placed ? 1 : 0}
        items={[{ title: t('steps.review') }, { title: t('steps.pay') }, { title: t('steps.done') }]}
      />
      {placed ? (
        <Paying orders={placed} />
      ) : shown?.lines.length === 0 ? (
        <div className="cart-panel">
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('checkout.empty')}>
            <Link className="cart-link-button" to="/commodity">
              {t('drawer.continueShopping')}
            </Link>
          </Empty>
        </div>
      ) : (
        <Review checkout={shown} onPlaced={onPlaced} />
      )}
    </div>
  );
}

export default function SettlementPage() {
  return (
    <RequireLogin>
      <Settlement />
    </RequireLogin>
  );
}
