import { formatAmount } from '@caravan/ui/format';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNumberLocale } from '@caravan/ui/amount.tsx';
import { useRechargeLimits } from '../api/get-recharge-limits.ts';
import { useBankCardRecharge } from '../api/recharge-bank-card.ts';
import { amountParam, checkBankCardAmount, largerLimit, RECHARGE_FLOOR } from '@caravan/ui/wallet/amount-rules';
import { BANK_NAME_MAX_LENGTH, CARD_NUMBER_MAX_DIGITS, checkCardNumber, normalizeCardNumber } from '../card-number.ts';
import { useAmountMessage } from '@caravan/ui/wallet/components/use-amount-message';
import { useRefusalRedirect } from './use-refusal-redirect.ts';

interface Values {
  bankName?: string;
  cardNumber?: string;
  amount?: string;
}

/** Bank-card deposits are in US dollars (the server's default currency for them). */
const CARD_CURRENCY = 'USD';

/** Bank card: bank name, card number (Luhn) and amount; reviewed by an operator like a transfer. */
export function BankCardRechargeForm({ onSubmitted }: { onSubmitted: (orderNo: string) => void }) {
  const { t } = useTranslation('wallet');
  const locale = useNumberLocale();
  const [form] = Form.useForm<Values>();
  const limits = useRechargeLimits();
  const redirect = useRefusalRedirect();
  const recharge = useBankCardRecharge({ onRefused: redirect.schedule });
  const amountMessage = useAmountMessage();
  const bounds = { min: limits.data?.rechargeAmountMin, max: limits.data?.rechargeAmountMax };

  const submit = (values: Values) => {
    const check = checkBankCardAmount(values.amount, bounds);
    if (!check.ok || !values.bankName || checkCardNumber(values.cardNumber) !== 'ok') return;
    recharge.mutate(
      { amount: amountParam(check.value), bankName: values.bankName.trim(), cardNumber: normalizeCardNumber(values.cardNumber) },
      { onSuccess: (placed) => onSubmitted(placed.order_no) },
    );
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} className="wallet-form" requiredMark="optional">
      <Form.Item name="bankName" label={t('bankCard.bankName')} rules={[{ required: true, whitespace: true, message: t('bankCard.bankNameRequired') }]}>
        <Input maxLength={BANK_NAME_MAX_LENGTH} autoComplete="off" />
      </Form.Item>

      <Form.Item
        name="cardNumber"
        label={t('bankCard.cardNumber')}
        required
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const check = checkCardNumber(value);
              return check === 'ok' ? Promise.resolve() : Promise.reject(new Error(t(`bankCard.cardError.${check}`)));
            },
          },
        ]}
      >
        <Input dir="ltr" inputMode="numeric" autoComplete="cc-number" maxLength={CARD_NUMBER_MAX_DIGITS + 6} spellCheck={false} />
      </Form.Item>

      <Form.Item
        name="amount"
        label={t('bankCard.amount', { currency: CARD_CURRENCY })}
        required
        extra={
          limits.data
            ? t('bankCard.limits', {
                min: formatAmount(largerLimit(RECHARGE_FLOOR, bounds.min) ?? RECHARGE_FLOOR, locale, 0),
                max: formatAmount(bounds.max, locale, 0),
                currency: CARD_CURRENCY,
              })
            : undefined
        }
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const message = amountMessage(checkBankCardAmount(value, bounds), CARD_CURRENCY);
              return message ? Promise.reject(new Error(message)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input inputMode="decimal" autoComplete="off" dir="ltr" suffix={<span dir="ltr">{CARD_CURRENCY}</span>} placeholder={t('bankCard.amountPlaceholder')} />
      </Form.Item>

      <p className="wallet-hint">{t('bankCard.note')}</p>

      {redirect.pending ? <Alert type="info" showIcon role="status" title={t('refused.redirecting')} className="wallet-form-alert" /> : null}

      <Button type="primary" htmlType="submit" size="large" loading={recharge.isPending} disabled={redirect.pending}>
        {t('bankCard.submit')}
      </Button>
    </Form>
  );
}
