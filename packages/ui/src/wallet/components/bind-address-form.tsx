import { Alert, Button, Form, Input, Radio, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBindWithdrawAddress } from '../api/bind-withdraw-address.ts';
import { checkWithdrawAddress, WITHDRAW_COIN, WITHDRAW_PROTOCOLS, type WithdrawProtocol } from '../address-rules.ts';
import { useUiContext } from '../../ui-context.tsx';
import { MonoText } from './mono-text.tsx';

interface Values {
  network?: WithdrawProtocol;
  address?: string;
}

/** The server's length limit of a withdrawal address. */
const ADDRESS_MAX_LENGTH = 120;

/** Binding the one withdrawal address: said plainly beforehand, confirmed once more before it is final. */
export function BindAddressForm({ defaultNetwork }: { defaultNetwork?: string }) {
  const { t } = useTranslation('wallet');
  const { toast } = useUiContext();
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<Values>();
  const bind = useBindWithdrawAddress();
  const initialNetwork = (WITHDRAW_PROTOCOLS as readonly string[]).includes(defaultNetwork ?? '') ? (defaultNetwork as WithdrawProtocol) : 'TRC20';

  const submit = (values: Values) => {
    const network = values.network ?? initialNetwork;
    const address = (values.address ?? '').trim();
    if (checkWithdrawAddress(network, address) !== 'ok') return;
    modal.confirm({
      title: t('bind.confirmTitle'),
      content: (
        <div className="wallet-confirm">
          <p>{t('bind.confirmText')}</p>
          <p>
            <span dir="ltr">
              {WITHDRAW_COIN} · {network}
            </span>
          </p>
          <p>
            <MonoText value={address} className="wallet-address" />
          </p>
        </div>
      ),
      okText: t('bind.confirmOk'),
      cancelText: t('bind.confirmCancel'),
      onOk: async () => {
        await bind.mutateAsync({ blockchain_name: network, coin: WITHDRAW_COIN, channel_address: address }).then(
          () => toast.success(t('bind.done')),
          // the server's reason is already in a toast; the dialog closes either way
          () => undefined,
        );
      },
    });
  };

  return (
    <section className="wallet-card" aria-labelledby="wallet-bind-title">
      {modalHolder}
      <h2 id="wallet-bind-title" className="wallet-section-title">
        {t('bind.title')}
      </h2>
      <Alert type="warning" showIcon title={t('bind.onlyOnce')} className="wallet-form-alert" />
      <Form<Values> form={form} layout="vertical" onFinish={submit} className="wallet-form" initialValues={{ network: initialNetwork }} requiredMark="optional">
        <Form.Item label={t('bind.coin')}>
          <span dir="ltr" className="wallet-strong">
            {WITHDRAW_COIN}
          </span>
        </Form.Item>
        <Form.Item name="network" label={<span id="wallet-bind-network-label">{t('bind.network')}</span>} rules={[{ required: true, message: t('bind.networkRequired') }]}>
          <Radio.Group
            aria-labelledby="wallet-bind-network-label"
            optionType="button"
            buttonStyle="solid"
            options={WITHDRAW_PROTOCOLS.map((value) => ({ value, label: <span dir="ltr">{value}</span> }))}
            onChange={() => form.isFieldTouched('address') && void form.validateFields(['address'])}
          />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('bind.address')}
          required
          dependencies={['network']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, value: string | undefined) => {
                const network = String(getFieldValue('network') ?? initialNetwork);
                const check = checkWithdrawAddress(network, value);
                if (check === 'ok') return Promise.resolve();
                return Promise.reject(new Error(t(`bind.addressError.${check}`, { network, prefix: t(`bind.prefix.${network}`) })));
              },
            }),
          ]}
        >
          <Input dir="ltr" maxLength={ADDRESS_MAX_LENGTH} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" loading={bind.isPending}>
          {t('bind.submit')}
        </Button>
      </Form>
    </section>
  );
}
