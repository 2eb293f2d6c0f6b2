// After order!pay (/paySuccess): the amount paid, then the order list or more shopping.
import { CheckCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Amount } from '@caravan/ui/amount.tsx';
import { readPaidState } from '../lib/paid-state.ts';
import '../cart.css';

export default function PaySuccessPage() {
  const { t } = useTranslation('cart');
  const location = useLocation();
  const paid = readPaidState(location.state);
  return (
    <div className="cart-page">
      <section className="cart-panel cart-success" data-testid="pay-success">
        <CheckCircleFilled className="cart-success-icon" aria-hidden="true" />
        <h1 className="cart-page-title">{t('success.title')}</h1>
        {paid ? (
          <>
            <p className="cart-success-amount">
              {t('success.amount')} <Amount value={paid.total} unit="USDT" className="cart-amount-strong" />
            </p>
            <p className="cart-note">{t('success.orders', { count: paid.orderIds.length })}</p>
          </>
        ) : (
          <p className="cart-note">{t('success.noDetails')}</p>
        )}
        <p className="cart-note">{t('success.next')}</p>
        <div className="cart-success-actions">
          <Link className="cart-link-button cart-link-primary" to="/userInfo/my-order">
            {t('success.viewOrders')}
          </Link>
          <Link className="cart-link-button" to="/index">
            {t('success.continue')}
          </Link>
        </div>
      </section>
    </div>
  );
}
