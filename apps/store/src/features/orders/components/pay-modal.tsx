import { formatAmount } from '@caravan/ui/format';
import { ApiError } from '@caravan/ui/api-client';
import { Form, Input, Modal } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount, useNumberLocale } from '@caravan/ui/amount.tsx';
import { usePayOrders } from '../api/pay-orders.ts';
import { keepKeyAfterFailure, newIdempotencyKey } from '../payment-intent.ts';
import { useMessage } from '../../../components/feedback.tsx';

/** Spec section 5 / API 6: the fund password is checked with a 6-12 character rule on payment. */
const SAFEWORD_MIN = 6;
const SAFEWORD_MAX = 12;

type Hint = 'setPassword' | 'recharge' | undefined;

function hintOf(error: unknown): Hint {
  if (!(error instanceof ApiError)) return undefined;
  if (error.errorKey === 'accounts.safeword_not_set') return 'setPassword';
  if (error.errorKey === 'wallet.balance_insufficient') return 'recharge';
  return undefined;
}

export interface PayModalProps {
  open: boolean;
  orderId: string;
  /** the order total (decimal string) */
  amount: string;
  onClose: () => void;
}

/** Pays one order from the wallet with the fund password (order!pay, one idempotency key per intent). */
export function PayModal({ open, orderId, amount, onClose }: PayModalProps) {
  const { t } = useTranslation('orders');
  const message = useMessage();
  const locale = useNumberLocale();
  const [form] = Form.useForm<{ safeword: string }>();
  const pay = usePayOrders();
  const key = useRef(newIdempotencyKey());
  const [hint, setHint] = useState<Hint>(undefined);

  useEffect(() => {
    if (open) {
      key.current = newIdempotencyKey();
      setHint(undefined);
    }
  }, [open]);

  const submit = async ({ safeword }: { safeword: string }) => {
    try {
      await pay.mutateAsync({ orderIds: [orderId], safeword, idempotencyKey: key.current });
      void message.success(t('pay.done'));
      form.resetFields();
      onClose();
    } catch (error) {
      // the API client has shown the server's message; here only what to do next
      if (!keepKeyAfterFailure(error)) key.current = newIdempotencyKey();
      setHint(hintOf(error));
    }
  };

  return (
    <Modal
      open={open}
      title={t('pay.title')}
      okText={t('pay.submit', { amount: formatAmount(amount, locale) })}
      cancelText={t('pay.close')}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!pay.isPending) onClose();
      }}
      confirmLoading={pay.isPending}
      destroyOnHidden
    >
      <p className="orders-pay-amount">
        <span>{t('pay.amount')}</span> <Amount value={amount} unit="USDT" className="orders-amount-strong" />
      </p>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item
          name="safeword"
          label={t('pay.password')}
          extra={t('pay.passwordHelp')}
          rules={[
            { required: true, message: t('pay.passwordRequired') },
            { min: SAFEWORD_MIN, max: SAFEWORD_MAX, message: t('pay.passwordLength') },
          ]}
        >
          <Input.Password maxLength={SAFEWORD_MAX} autoComplete="off" inputMode="numeric" autoFocus onPressEnter={() => form.submit()} />
        </Form.Item>
      </Form>
      {hint === 'setPassword' ? <Link to="/userInfo/setup/transaction-password">{t('pay.setPassword')}</Link> : null}
      {hint === 'recharge' ? <Link to="/userInfo/money-package/recharge">{t('pay.recharge')}</Link> : null}
    </Modal>
  );
}
