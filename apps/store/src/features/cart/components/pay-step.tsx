import { ApiError } from '@caravan/ui/api-client';
import { Alert, Button, Input } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Amount } from '../../../components/amount.tsx';
import { useUserDetails } from '../api/get-user-info.ts';
import { useBalance } from '../../wallet/api/get-balance.ts';
import { usePayOrders } from '../../orders/api/pay-orders.ts';
import { checkFundPassword, fundPasswordInput, FUND_PASSWORD_LENGTH, type FundPasswordProblem } from '../../../lib/fund-password.ts';
import { afterFailure, intentFor, newIntentKey, type Intent } from '../lib/intent-key.ts';
import { covers, type PlacedOrder } from '../lib/order-summary.ts';
import { classifyPayError, type PayFailure } from '../lib/pay-errors.ts';

export const RECHARGE_PATH = '/userInfo/money-package/recharge';
export const FUND_PASSWORD_PATH = '/userInfo/setup/transaction-password';
export const MY_ORDERS_PATH = '/userInfo/my-order';

/** The orders are placed; pay them from the wallet with the fund password (order!pay). */
export function PayStep({ orders, total }: { orders: readonly PlacedOrder[]; total: string | undefined }) {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const headingId = useId();
  const fieldId = useId();
  const errorId = useId();
  const user = useUserDetails();
  const balance = useBalance();
  const pay = usePayOrders({ silent: true });
  const intent = useRef<Intent | undefined>(undefined);
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<FundPasswordProblem | undefined>(undefined);
  const [failure, setFailure] = useState<{ kind: PayFailure; text: string } | null>(null);

  const noFundPassword = user.data?.safeword === 0 || failure?.kind === 'no_fund_password';
  const enough = covers(balance.data?.money ?? (balance.isSuccess ? '0' : undefined), total);
  const ids = orders.map((order) => order.id);
  // the step replaces the order form: move the focus to it, so keyboard and screen-reader users follow
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);

  const submit = async () => {
    const invalid = checkFundPassword(password);
    setProblem(invalid);
    if (invalid) return;
    setFailure(null);
    intent.current = intentFor(intent.current, ids.join(','), () => newIntentKey());
    try {
      await pay.mutateAsync({ orderIds: ids, safeword: password, idempotencyKey: intent.current.key });
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
        <Alert
          type="warning"
          showIcon
          className="cart-pay-alert"
          title={t('pay.lowBalance')}
          action={
            <Link className="cart-link-button" to={RECHARGE_PATH}>
              {t('pay.recharge')}
            </Link>
          }
        />
      )}
      {noFundPassword ? (
        <Alert
          type="warning"
          showIcon
          className="cart-pay-alert"
          title={t('pay.noFundPassword')}
          action={
            <Link className="cart-link-button" to={FUND_PASSWORD_PATH}>
              {t('pay.setFundPassword')}
            </Link>
          }
        />
      ) : (
        <form
          className="cart-pay-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={fieldId} className="cart-field-label">
            {t('pay.fundPassword')}
          </label>
          <Input.Password
            id={fieldId}
            className="cart-pay-password"
            value={password}
            onChange={(event) => {
              setPassword(fundPasswordInput(event.target.value));
              setProblem(undefined);
            }}
            inputMode="numeric"
            autoComplete="off"
            maxLength={FUND_PASSWORD_LENGTH}
            placeholder={t('pay.fundPasswordPlaceholder', { count: FUND_PASSWORD_LENGTH })}
            status={problem ? 'error' : undefined}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            data-testid="fund-password"
          />
          {problem && (
            <p id={errorId} className="cart-error" role="alert">
              {t(problem === 'required' ? 'pay.fundPasswordRequired' : 'pay.fundPasswordFormat', { count: FUND_PASSWORD_LENGTH })}
            </p>
          )}
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
        </form>
      )}
    </section>
  );
}
