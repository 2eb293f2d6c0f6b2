import { money } from '@caravan/contract/money';
import { formatAmount } from '../../format.ts';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount, useNumberLocale } from '../../amount.tsx';
import { isFundPasswordMissing, useApplyWithdraw } from '../api/apply-withdraw.ts';
import { useBalance } from '../api/get-balance.ts';
import { useHasFundPassword } from '../api/get-fund-password-status.ts';
import { useWithdrawFee } from '../api/get-withdraw-fee.ts';
import { useWithdrawLimits } from '../api/get-withdraw-limits.ts';
import { amountParam, checkWithdrawAmount, moneyOf, ratePercent, withdrawArrival, withdrawFee } from '../amount-rules.ts';
import { FUND_PASSWORD_LENGTH, isFundPassword } from '../../fund-password.ts';
import { useUiContext } from '../../ui-context.tsx';
import { MonoText } from './mono-text.tsx';
import { useAmountMessage } from './use-amount-message.ts';

interface Values {
  amount?: string;
  safeword?: string;
}

/** Withdrawals are paid in USDT to the bound address. */
const WITHDRAW_CHANNEL = 'USDT';

export interface BoundAddress {
  coin: string;
  network: string;
  address: string;
}

/** Amount (limits, balance), fee and arrival, fund password; then withdraw!apply with a fresh session_token. */
export function WithdrawForm({ bound, onSubmitted }: { bound: BoundAddress; onSubmitted: (orderNo: string) => void }) {
  const { t } = useTranslation('wallet');
  const locale = useNumberLocale();
  const [form] = Form.useForm<Values>();
  const balance = useBalance();
  const limits = useWithdrawLimits();
  const fee = useWithdrawFee(WITHDRAW_CHANNEL);
  const fundPassword = useHasFundPassword();
  const apply = useApplyWithdraw();
  const amountMessage = useAmountMessage();
  const amountText = Form.useWatch('amount', form);
  const { FundPasswordLink } = useUiContext();

  const rules = { min: limits.data?.withdrawAmountMin, max: limits.data?.withdrawAmountMax, balance: balance.data?.money, rate: fee.data };
  const check = checkWithdrawAmount(amountText, rules);
  const percent = ratePercent(fee.data);
  const noFundPassword = fundPassword.data === false || isFundPasswordMissing(apply.error);

  const withdrawAll = () => {
    const available = moneyOf(balance.data?.money);
    const max = moneyOf(limits.data?.withdrawAmountMax);
    if (available === undefined) return;
    const all = max === undefined ? available : money.min(available, max);
    form.setFieldsValue({ amount: money.format(money.round(all, 2, 'down')) });
    void form.validateFields(['amount']);
  };

  const submit = (values: Values) => {
    if (!check.ok || !values.safeword || !isFundPassword(values.safeword)) return;
    apply.mutate(
      { amount: amountParam(check.value), safeword: values.safeword, from: bound.address, channel: WITHDRAW_CHANNEL },
      {
        onSuccess: (placed) => onSubmitted(placed.order_no),
        onSettled: () => form.setFieldsValue({ safeword: '' }),
      },
    );
  };

  if (balance.isPending || limits.isPending || fee.isPending) return <Skeleton active />;

  return (
    <section className="wallet-card" aria-labelledby="wallet-withdraw-form-title">
      <h2 id="wallet-withdraw-form-title" className="wallet-section-title">
        {t('withdraw.formTitle')}
      </h2>
      <dl className="wallet-bound">
        <div>
          <dt>{t('withdraw.toAddress')}</dt>
          <dd>
            <span dir="ltr" className="wallet-muted">
              {bound.coin} · {bound.network}
            </span>
            <br />
            <MonoText value={bound.address} className="wallet-address" />
          </dd>
        </div>
        <div>
          <dt>{t('withdraw.available')}</dt>
          <dd data-testid="withdraw-available">
            <Amount value={balance.data?.money} unit="USDT" className="wallet-strong" />
          </dd>
        </div>
      </dl>
      <p className="wallet-hint">{t('withdraw.addressFixed')}</p>

      {noFundPassword ? (
        <Alert
          type="warning"
          showIcon
          className="wallet-form-alert"
          title={t('withdraw.noFundPassword')}
          description={<FundPasswordLink>{t('withdraw.setFundPassword')}</FundPasswordLink>}
        />
      ) : null}

      <Form<Values> form={form} layout="vertical" onFinish={submit} className="wallet-form" requiredMark="optional">
        <Form.Item label={t('withdraw.amount')} htmlFor="wallet-withdraw-amount" required>
          <div className="wallet-amount-row">
            <Form.Item
              name="amount"
              noStyle
              rules={[
                {
                  validator: (_, value: string | undefined) => {
                    const message = amountMessage(checkWithdrawAmount(value, rules), WITHDRAW_CHANNEL);
                    return message ? Promise.reject(new Error(message)) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input
                id="wallet-withdraw-amount"
                inputMode="decimal"
                autoComplete="off"
                dir="ltr"
                suffix={<span dir="ltr">{WITHDRAW_CHANNEL}</span>}
                placeholder={t('withdraw.amountPlaceholder')}
                aria-describedby="wallet-withdraw-limits"
              />
            </Form.Item>
            <Button onClick={withdrawAll}>{t('withdraw.all')}</Button>
          </div>
        </Form.Item>
        <p id="wallet-withdraw-limits" className="wallet-hint wallet-after-field">
          {t('withdraw.limits', { min: formatAmount(rules.min, locale, 0), max: formatAmount(rules.max, locale, 0) })}
        </p>

        <dl className="wallet-fee" aria-live="polite">
          <div>
            <dt>{t('withdraw.feeRate')}</dt>
            <dd dir="ltr">{percent !== undefined ? t('withdraw.percent', { value: percent }) : '--'}</dd>
          </div>
          <div>
            <dt>{t('withdraw.fee')}</dt>
            <dd data-testid="withdraw-fee">{check.ok && fee.data ? <Amount value={amountParam(withdrawFee(check.value, fee.data))} unit="USDT" /> : '--'}</dd>
          </div>
          <div>
            <dt>{t('withdraw.arrival')}</dt>
            <dd data-testid="withdraw-arrival">
              {check.ok && fee.data ? <Amount value={amountParam(withdrawArrival(check.value, fee.data))} unit="USDT" className="wallet-strong" /> : '--'}
            </dd>
          </div>
        </dl>

        <Form.Item
          name="safeword"
          label={t('withdraw.fundPassword')}
          required
          rules={[
            {
              validator: (_, value: string | undefined) => {
                if (!value) return Promise.reject(new Error(t('withdraw.fundPasswordRequired')));
                return isFundPassword(value) ? Promise.resolve() : Promise.reject(new Error(t('withdraw.fundPasswordFormat', { count: FUND_PASSWORD_LENGTH })));
              },
            },
          ]}
        >
          <Input.Password inputMode="numeric" maxLength={FUND_PASSWORD_LENGTH} autoComplete="off" dir="ltr" className="wallet-fund-password" />
        </Form.Item>

        <Button type="primary" htmlType="submit" size="large" loading={apply.isPending} disabled={noFundPassword}>
          {t('withdraw.submit')}
        </Button>
      </Form>
    </section>
  );
}
