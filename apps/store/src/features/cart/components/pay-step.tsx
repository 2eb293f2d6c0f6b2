import { ApiError } from '@caravan/ui/api-client';
import { Alert, Button } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Amount } from '@caravan/ui/amount.tsx';
import { LinkAlert } from '../../../components/link-alert.tsx';
import { useUserDetails } from '../api/get-user-info.ts';
import { useBalance } from '@caravan/ui/wallet/api/get-balance';
import { usePayOrders } from '../../orders/api/pay-orders.ts';
import { FundPasswordStep, useFundPasswordField, type FundPasswordStepClasses } from '@caravan/ui/fund-password-step.tsx';
import { FUND_PASSWORD_LENGTH } from '@caravan/ui/fund-password';
import { afterFailure, intentFor, newIntentKey, type Intent } from '../lib/intent-key.ts';
import { covers, type PlacedOrder } from '../lib/order-summary.ts';
import { classifyPayError, type PayFailure } from '../lib/pay-errors.ts';

export const RECHARGE_PATH = '/userInfo/money-package/recharge';
export const MY_ORDERS_PATH = '/userInfo/my-order';

const PAY_CLASSES: FundPasswordStepClasses = {
  alert: 'cart-pay-alert',
  link: 'cart-link-button',
  form: 'cart-pay-form',
  label: 'cart-field-label',
  input: 'cart-pay-password',
  error: 'cart-error',
};

/** The orders are placed; pay them from the wallet with the fund password (order!pay). */
export function PayStep({ orders, total }: { orders: readonly PlacedOrder[]; total: string | undefined }) {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const headingId = useId();
  const user = useUserDetails();
  const balance = useBalance();
  const pay = usePayOrders({ silent: true });
  const intent = useRef<Intent | undefined>(undefined);
  const field = useFundPasswordField();
  const [failure, setFailure] = useState<{ kind: PayFailure; text: string } | null>(null);

  const noFundPassword = user.data?.safeword === 0 || failure?.kind === 'no_fund_password';
  const enough = covers(balance.data?.money ?? (balance.isSuccess ? '0' : undefined), total);
  const ids = orders.map((order) => order.id);
  // the step replaces the order form: move the focus to it, so keyboard and screen-reader users follow
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);

  const submit = async () => {
    if (!field.validate()) return;
    setFailure(null);
    intent.current = intentFor(intent.current, ids.join(','), () => newIntentKey());
    try {
      await pay.mutateAsync({ orderIds: ids, safeword: field.value, idempotencyKey: intent.current.key });
      void navigate('/paySuccess', { replace: true, state: { orderIds: ids, total } });
    } catch (error) {
      intent.current = afterFailure(intent.current, error);
      const text = error instanceof ApiError && error.message ? error.message : t('pay.networkError');
      setFailure({ kind: classifyPayError(error), text });
      if (classifyPayError(error) === 'insufficient_balance') void balance.refetch();
    }
  };

  return (
    <section className="cart-panel cart-pay" aria-labelledby={headingId} data-testid="pay-step">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="cart-focus-target">
        {t('pay.title')}
      </h2>
      <Alert
        type="info"
        showIcon
        className="cart-pay-alert"
        title={t('pay.placed', { count: orders.length })}
        description={
          <>
            {t('pay.leaveNote')} <Link to={MY_ORDERS_PATH}>{t('pay.myOrders')}</Link>
          </>
        }
      />
      <dl className="cart-summary-list">
        <div className="cart-summary-row cart-summary-total">
          <dt>{t('pay.amount')}</dt>
          <dd>
            <Amount value={total} unit="USDT" />
          </dd>
        </div>
        <div className="cart-summary-row">
          <dt>{t('pay.method')}</dt>
          <dd>{t('checkout.payment.balance')}</dd>
        </div>
        <div className="cart-summary-row">
          <dt>{t('pay.balance')}</dt>
          <dd>{balance.isSuccess ? <Amount value={balance.data.money ?? '0'} unit="USDT" /> : balance.isError ? t('checkout.payment.balanceUnknown') : '…'}</dd>
        </div>
      </dl>
      {enough === false && failure?.kind !== 'insufficient_balance' && (
        <LinkAlert title={t('pay.lowBalance')} to={RECHARGE_PATH} linkText={t('pay.recharge')} className="cart-pay-alert" linkClassName="cart-link-button" />
      )}
      <FundPasswordStep
        field={field}
        missing={noFundPassword}
        onSubmit={submit}
        texts={{
          missing: t('pay.noFundPassword'),
          setFundPassword: t('pay.setFundPassword'),
          label: t('pay.fundPassword'),
          placeholder: t('pay.fundPasswordPlaceholder', { count: FUND_PASSWORD_LENGTH }),
          problem: (problem) => t(problem === 'required' ? 'pay.fundPasswordRequired' : 'pay.fundPasswordFormat', { count: FUND_PASSWORD_LENGTH }),
        }}
        classes={PAY_CLASSES}
        testId="fund-password"
      >
        {failure && (
          <Alert
            type="error"
            showIcon
            role="alert"
            className="cart-pay-alert"
            title={failure.text}
            action={
              failure.kind === 'insufficient_balance' ? (
                <Link className="cart-link-button" to={RECHARGE_PATH}>
                  {t('pay.recharge')}
                </Link>
              ) : failure.kind === 'not_payable' ? (
                <Link className="cart-link-button" to={MY_ORDERS_PATH}>
                  {t('pay.myOrders')}
                </Link>
              ) : undefined
            }
          />
        )}
        <Button type="primary" size="large" htmlType="submit" block loading={pay.isPending} data-testid="pay-submit">
          {t('pay.submit')}
        </Button>
      </FundPasswordStep>
    </section>
  );
}
