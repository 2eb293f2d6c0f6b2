import { Radio } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '@caravan/ui/amount.tsx';
import { useBalance } from '@caravan/ui/wallet/api/get-balance';

/** Spec section 1: balance (USDT) works; PayPal and Mastercard are shown, not open in the region. */
export function PaymentMethods() {
  const { t } = useTranslation('cart');
  const headingId = useId();
  const balance = useBalance();
  return (
    <section className="cart-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('checkout.payment.title')}</h2>
      <Radio.Group className="cart-methods" value="balance" aria-labelledby={headingId}>
        <Radio value="balance" className="cart-method">
          <span className="cart-method-name">{t('checkout.payment.balance')}</span>
          <span className="cart-method-note">
            {t('checkout.payment.available')} {balance.isSuccess ? <Amount value={balance.data.money ?? '0'} unit="USDT" /> : balance.isError ? t('checkout.payment.balanceUnknown') : '…'}
          </span>
        </Radio>
        {(['paypal', 'mastercard'] as const).map((method) => (
          <Radio key={method} value={method} disabled className="cart-method cart-method-closed">
            <span className="cart-method-name">{t(`checkout.payment.${method}`)}</span>
            <span className="cart-method-note">{t('checkout.payment.notOpen')}</span>
          </Radio>
        ))}
      </Radio.Group>
    </section>
  );
}
