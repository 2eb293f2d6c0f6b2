import { Alert, Button, Empty, Form, Input, Radio, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@caravan/ui/format';
import { Amount, useNumberLocale } from '@caravan/ui/amount.tsx';
import { useCoinPrice } from '../api/get-coin-price.ts';
import { useRechargeChannels } from '../api/get-recharge-channels.ts';
import { useRechargeBlockchain } from '../api/recharge-blockchain.ts';
import { amountParam, checkCoinRecharge, expectedArrival, isStablecoin, RECHARGE_FLOOR, largerLimit } from '@caravan/ui/wallet/amount-rules';
import { coinsOf, findChannel, networksOf } from '../channel-rules.ts';
import { CopyButton } from './copy-button.tsx';
import { MonoText } from '@caravan/ui/wallet/components/mono-text.tsx';
import { ProofUpload } from './proof-upload.tsx';
import { useAmountMessage } from '@caravan/ui/wallet/components/use-amount-message';
import { useRefusalRedirect } from './use-refusal-redirect.ts';

interface Values {
  coin?: string;
  network?: string;
  amount?: string;
  from?: string;
  tx?: string;
  img?: string;
}

/** The server's length limits of the sending address and the transaction hash. */
const ADDRESS_MAX_LENGTH = 100;
const TX_HASH_MAX_LENGTH = 100;

/** Blockchain transfer: the platform address to send to, then the report of the transfer with its proof. */
export function BlockchainRechargeForm({ onSubmitted }: { onSubmitted: (orderNo: string) => void }) {
  const { t } = useTranslation('wallet');
  const [form] = Form.useForm<Values>();
  const channels = useRechargeChannels();
  const coin = Form.useWatch('coin', form);
  const network = Form.useWatch('network', form);
  const amountText = Form.useWatch('amount', form);
  const price = useCoinPrice(coin);
  const [uploading, setUploading] = useState(false);
  const redirect = useRefusalRedirect();
  const recharge = useRechargeBlockchain({ onRefused: redirect.schedule });
  const amountMessage = useAmountMessage();
  const locale = useNumberLocale();

  if (channels.isPending) return <Skeleton active />;
  const coins = coinsOf(channels.data);
  if (coins.length === 0) return <Empty description={t('blockchain.noChannel')} />;

  const networks = networksOf(channels.data, coin);
  const channel = findChannel(channels.data, coin, network);
  const coinPrice = coin && isStablecoin(coin) ? '1' : (price.data ?? channel?.fee);
  const rules = { coin, price: coinPrice, min: channel?.recharge_limit_min, max: channel?.recharge_limit_max };
  const check = checkCoinRecharge(amountText, rules);
  const arrival = check.ok && coinPrice ? expectedArrival(check.value, coinPrice) : undefined;

  const chooseCoin = (next: string) => {
    const options = networksOf(channels.data, next);
    form.setFieldsValue({ network: options.length === 1 ? options[0] : undefined });
    if (form.isFieldTouched('amount')) void form.validateFields(['amount']);
  };

  const submit = (values: Values) => {
    if (!check.ok || !channel?.address || !values.coin || !values.network || !values.img || !values.from) return;
    recharge.mutate(
      {
        amount: amountParam(check.value),
        coin: values.coin,
        blockchain_name: values.network,
        channel_address: channel.address,
        img: values.img,
        from: values.from.trim(),
        tx: values.tx?.trim() || undefined,
      },
      { onSuccess: (placed) => onSubmitted(placed.order_no) },
    );
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} className="wallet-form" requiredMark="optional" scrollToFirstError>
      <Form.Item name="coin" label={<span id="wallet-coin-label">{t('blockchain.coin')}</span>} rules={[{ required: true, message: t('blockchain.coinRequired') }]}>
        <Radio.Group
          aria-labelledby="wallet-coin-label"
          optionType="button"
          buttonStyle="solid"
          options={coins.map((value) => ({ value, label: <span dir="ltr">{value}</span> }))}
          onChange={(event) => chooseCoin(String(event.target.value))}
        />
      </Form.Item>

      {coin ? (
        <Form.Item name="network" label={<span id="wallet-network-label">{t('blockchain.network')}</span>} rules={[{ required: true, message: t('blockchain.networkRequired') }]}>
          <Radio.Group
            aria-labelledby="wallet-network-label"
            optionType="button"
            buttonStyle="solid"
            options={networks.map((value) => ({ value, label: <span dir="ltr">{value}</span> }))}
          />
        </Form.Item>
      ) : null}

      {channel?.address ? (
        <section className="wallet-deposit-address" aria-labelledby="wallet-deposit-address-title">
          <h2 id="wallet-deposit-address-title" className="wallet-section-title">
            {t('blockchain.addressTitle')}
          </h2>
          <div className="wallet-deposit-body">
            {channel.img ? <img src={channel.img} alt={t('blockchain.qrAlt')} className="wallet-qr" width={160} height={160} /> : null}
            <div className="wallet-deposit-text">
              <p className="wallet-address-line">
                <MonoText value={channel.address} className="wallet-address" />
              </p>
              <CopyButton text={channel.address} label={t('blockchain.copyAddress')} />
              <Alert
                className="wallet-deposit-warning"
                type="warning"
                showIcon
                title={t('blockchain.sendOnly', { coin: channel.coin, network: channel.blockchain_name })}
              />
              <p className="wallet-hint">
                {t('blockchain.limits', {
                  min: formatAmount(largerLimit(RECHARGE_FLOOR, channel.recharge_limit_min) ?? RECHARGE_FLOOR, locale, 0),
                  max: formatAmount(channel.recharge_limit_max, locale, 0),
                })}
              </p>
            </div>
          </div>
        </section>
      ) : null}

      <Form.Item
        name="amount"
        label={t('blockchain.amount')}
        dependencies={['coin', 'network']}
        rules={[
          {
            validator: (_, value: string | undefined) => {
              const message = amountMessage(checkCoinRecharge(value, rules), coin ?? '');
              return message ? Promise.reject(new Error(message)) : Promise.resolve();
            },
          },
        ]}
        required
      >
        <Input inputMode="decimal" autoComplete="off" dir="ltr" suffix={coin ? <span dir="ltr">{coin}</span> : undefined} placeholder={t('blockchain.amountPlaceholder')} />
      </Form.Item>

      {arrival !== undefined ? (
        <p className="wallet-arrival" aria-live="polite" data-testid="recharge-arrival">
          {t('blockchain.arrival')} <Amount value={amountParam(arrival)} unit="USDT" className="wallet-strong" />
          {coin && !isStablecoin(coin) && coinPrice ? (
            <span className="wallet-muted">
              {' '}
              {t('blockchain.rate', { coin })} <Amount value={coinPrice} unit="USDT" />
            </span>
          ) : null}
        </p>
      ) : null}

      <Form.Item
        name="from"
        label={t('blockchain.from')}
        rules={[{ required: true, whitespace: true, message: t('blockchain.fromRequired') }]}
        extra={t('blockchain.fromHint')}
      >
        <Input dir="ltr" maxLength={ADDRESS_MAX_LENGTH} autoComplete="off" spellCheck={false} />
      </Form.Item>

      <Form.Item name="tx" label={t('blockchain.tx')} extra={t('blockchain.txHint')}>
        <Input dir="ltr" maxLength={TX_HASH_MAX_LENGTH} autoComplete="off" spellCheck={false} />
      </Form.Item>

      <Form.Item name="img" label={t('proof.label')} rules={[{ required: true, message: t('proof.required') }]}>
        <ProofUpload onUploadingChange={setUploading} />
      </Form.Item>

      {redirect.pending ? <Alert type="info" showIcon role="status" title={t('refused.redirecting')} className="wallet-form-alert" /> : null}

      <Button type="primary" htmlType="submit" size="large" loading={recharge.isPending} disabled={uploading || redirect.pending}>
        {uploading ? t('proof.waitUpload') : t('blockchain.submit')}
      </Button>
    </Form>
  );
}
