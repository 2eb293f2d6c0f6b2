import { formatAmount } from '@caravan/ui/format';
import { Alert, Button, Empty, Form, Input, Radio, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberLocale } from '@caravan/ui/amount.tsx';
import { useThirdPartyChannels } from '../api/get-third-party-channels.ts';
import { useThirdPartyRecharge } from '../api/recharge-third-party.ts';
import { amountParam, checkCentAmount, type AmountCheck } from '@caravan/ui/wallet/amount-rules';
import { rangeOf } from '../channel-rules.ts';
import { pagePath } from '../../../lib/mount.ts';
import { walletTabPath } from '../recharge-flow.ts';
import { useAmountMessage } from '@caravan/ui/wallet/components/use-amount-message';
import { useRefusalRedirect } from './use-refusal-redirect.ts';

interface Values {
  productType?: string;
  currency?: string;
  amount?: string;
}

/** Third-party channel: the provider's payment page takes over (in development, the local simulator). */
export function ThirdPartyRechargeForm() {
  const { t } = useTranslation('wallet');
  const locale = useNumberLocale();
  const [form] = Form.useForm<Values>();
  const channels = useThirdPartyChannels();
  const productType = Form.useWatch('productType', form);
  const currency = Form.useWatch('currency', form);
  const redirect = useRefusalRedirect();
  const recharge = useThirdPartyRecharge({ onRefused: redirect.schedule });
  const amountMessage = useAmountMessage();
  const [leaving, setLeaving] = useState(false);

  if (channels.isPending) return <Skeleton active />;
  const list = channels.data ?? [];
  if (list.length === 0) return <Empty description={t('thirdParty.noChannel')} />;

  const channel = list.find((candidate) => candidate.productType === productType) ?? (list.length === 1 ? list[0] : undefined);
  const range = rangeOf(channel, currency ?? (channel?.range.length === 1 ? channel.range[0]?.bank_code : undefined));
  const checkAmount = (text: string | undefined): AmountCheck =>
    range ? checkCentAmount(text, { min: range.min_amount, max: range.max_amount }) : { ok: false, error: (text ?? '').trim() ? 'currencyRequired' : 'required' };

  const chooseChannel = (next: string) => {
    const chosen = list.find((candidate) => candidate.productType === next);
    form.setFieldsValue({ currency: chosen?.range.length === 1 ? chosen.range[0]?.bank_code : undefined });
    if (form.isFieldTouched('amount')) void form.validateFields(['amount']);
  };

  const submit = (values: Values) => {
    const check = checkAmount(values.amount);
    if (!check.ok || !channel || !range) return;
    recharge.mutate(
      {
        productType: channel.productType,
        amount: amountParam(check.value),
        frenchCurrency: range.bank_code,
        pageUrl: `${window.location.origin}${pagePath(walletTabPath('recharge'))}`,
      },
      {
        onSuccess: (payUrl) => {
          setLeaving(true);
          // the payment page, in this tab
          window.location.assign(payUrl);
        },
      },
    );
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      className="wallet-form"
      requiredMark="optional"
      initialValues={{
        productType: list.length === 1 ? list[0]?.productType : undefined,
        currency: list.length === 1 && list[0]?.range.length === 1 ? list[0].range[0]?.bank_code : undefined,
      }}
    >
      <Form.Item name="productType" label={<span id="wallet-tp-channel-label">{t('thirdParty.channel')}</span>} rules={[{ required: true, message: t('thirdParty.channelRequired') }]}>
        <Radio.Group
          aria-labelledby="wallet-tp-channel-label"
          optionType="button"
          buttonStyle="solid"
          options={list.map((candidate) => ({ value: candidate.productType, label: <span dir="ltr">{candidate.productType}</span> }))}
          onChange={(event) => chooseChannel(String(event.target.value))}
        />
      </Form.Item>

      {channel ? (
        <Form.Item name="currency" label={<span id="wallet-tp-currency-label">{t('thirdParty.currency')}</span>} rules={[{ required: true, message: t('thirdParty.currencyRequired') }]}>
          <Radio.Group
            aria-labelledby="wallet-tp-currency-label"
            optionType="button"
            buttonStyle="solid"
            options={channel.range.map((entry) => ({ value: entry.bank_code, label: <span dir="ltr">{entry.bank_code}</span> }))}
            onChange={() => form.isFieldTouched('amount') && void form.validateFields(['amount'])}
          />
        </Form.Item>
      ) : null}

      <Form.Item
        name="amount"
        label={t('thirdParty.amount')}
        required
        dependencies={['productType', 'currency']}
        extra={
          range
            ? t('thirdParty.range', { min: formatAmount(range.min_amount, locale, 0), max: formatAmount(range.max_amount, locale, 0), currency: range.bank_code })
            : undefined
        }
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const message = amountMessage(checkAmount(value), range?.bank_code ?? '');
              return message ? Promise.reject(new Error(message)) : Promise.resolve();
            },
          },
        ]}
      >
        <Input inputMode="decimal" autoComplete="off" dir="ltr" suffix={range ? <span dir="ltr">{range.bank_code}</span> : undefined} placeholder={t('thirdParty.amountPlaceholder')} />
      </Form.Item>

      <p className="wallet-hint">{t('thirdParty.note')}</p>

      {redirect.pending ? <Alert type="info" showIcon role="status" title={t('refused.redirecting')} className="wallet-form-alert" /> : null}
      {leaving ? <Alert type="info" showIcon role="status" title={t('thirdParty.leaving')} className="wallet-form-alert" /> : null}

      <Button type="primary" htmlType="submit" size="large" loading={recharge.isPending || leaving} disabled={redirect.pending}>
        {t('thirdParty.submit')}
      </Button>
    </Form>
  );
}
