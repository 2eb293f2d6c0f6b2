import { Modal, Radio } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelOrder } from '../api/cancel-order.ts';
import { CANCEL_REASONS, type CancelReason } from '../order-rules.ts';
import { useMessage } from '../../../components/feedback.tsx';

export interface CancelModalProps {
  open: boolean;
  orderId: string;
  onClose: () => void;
}

/** Cancels an unpaid order with one of the 5 reasons (order!cancel). */
export function CancelModal({ open, orderId, onClose }: CancelModalProps) {
  const { t } = useTranslation('orders');
  const message = useMessage();
  const cancel = useCancelOrder();
  const [reason, setReason] = useState<CancelReason | undefined>(undefined);
  const [missing, setMissing] = useState(false);
  const legendId = useId();
  const errorId = useId();

  useEffect(() => {
    if (open) {
      setReason(undefined);
      setMissing(false);
    }
  }, [open]);

  const submit = async () => {
    if (!reason) {
      setMissing(true);
      return;
    }
    try {
      await cancel.mutateAsync({ orderId, reason });
      void message.success(t('cancel.done'));
      onClose();
    } catch {
      // the API client has shown the server's message
    }
  };

  return (
    <Modal
      open={open}
      title={t('cancel.title')}
      okText={t('cancel.submit')}
      cancelText={t('cancel.keep')}
      okButtonProps={{ danger: true }}
      onOk={() => void submit()}
      onCancel={() => {
        if (!cancel.isPending) onClose();
      }}
      confirmLoading={cancel.isPending}
      destroyOnHidden
    >
      <fieldset className="orders-fieldset">
        <legend id={legendId} className="orders-legend">
          {t('cancel.reason')}
        </legend>
        <Radio.Group
          className="orders-reason-list"
          orientation="vertical"
          value={reason}
          aria-labelledby={legendId}
          aria-describedby={missing ? errorId : undefined}
          onChange={(event) => {
            setReason(event.target.value as CancelReason);
            setMissing(false);
          }}
          options={CANCEL_REASONS.map((code) => ({ value: code, label: t(`reasons.cancel.${code}`) }))}
        />
        {missing ? (
          <p id={errorId} className="orders-field-error" role="alert">
            {t('cancel.reasonRequired')}
          </p>
        ) : null}
      </fieldset>
    </Modal>
  );
}
