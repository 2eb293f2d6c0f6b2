import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useConfirmReceipt } from '../api/confirm-receipt.ts';
import { useRemindOrder } from '../api/remind-order.ts';
import { allowedActions, type OrderAction, type OrderFacts } from '../order-rules.ts';
import { orderPaths } from '../order-paths.ts';
import { CancelModal } from './cancel-modal.tsx';
import { PayModal } from './pay-modal.tsx';
import { useMessage } from '../../../components/feedback.tsx';

export interface OrderActionsProps {
  orderId: string;
  facts: OrderFacts;
  /** the order total, for the payment */
  total: string;
  /** the list shows a link to the detail too */
  withDetailLink?: boolean;
  size?: 'small' | 'middle';
}

/** The buttons for what the buyer may do with an order now, with their dialogs. */
export function OrderActions({ orderId, facts, total, withDetailLink, size = 'middle' }: OrderActionsProps) {
  const { t } = useTranslation('orders');
  const message = useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const navigate = useNavigate();
  const remind = useRemindOrder();
  const receipt = useConfirmReceipt();
  const [dialog, setDialog] = useState<'pay' | 'cancel' | undefined>(undefined);
  const actions = allowedActions(facts);

  const confirmReceipt = () => {
    modal.confirm({
      title: t('receipt.title'),
      content: t('receipt.text'),
      okText: t('receipt.ok'),
      cancelText: t('receipt.cancel'),
      onOk: async () => {
        try {
          await receipt.mutateAsync(orderId);
          void message.success(t('receipt.done'));
        } catch {
          // the API client has shown the server's message
        }
      },
    });
  };

  const run: Record<OrderAction, () => void> = {
    pay: () => setDialog('pay'),
    cancel: () => setDialog('cancel'),
    remind: () =>
      remind.mutate(orderId, {
        onSuccess: () => void message.success(t('remind.done')),
      }),
    receipt: confirmReceipt,
    refund: () => void navigate(orderPaths.refund(orderId)),
    review: () => void navigate(orderPaths.review(orderId)),
  };

  const primary: OrderAction | undefined = actions.find((action) => action === 'pay' || action === 'receipt' || action === 'review');

  return (
    <>
      {modalHolder}
      {actions.map((action) => (
        <Button
          key={action}
          size={size}
          type={action === primary ? 'primary' : 'default'}
          danger={action === 'cancel'}
          loading={(action === 'remind' && remind.isPending) || (action === 'receipt' && receipt.isPending)}
          onClick={run[action]}
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
      {withDetailLink ? (
        <Link to={orderPaths.detail(orderId)} className="orders-detail-link">
          {t('actions.detail')}
        </Link>
      ) : null}
      {actions.includes('pay') ? <PayModal open={dialog === 'pay'} orderId={orderId} amount={total} onClose={() => setDialog(undefined)} /> : null}
      {actions.includes('cancel') ? <CancelModal open={dialog === 'cancel'} orderId={orderId} onClose={() => setDialog(undefined)} /> : null}
    </>
  );
}
