import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { refundStatusKey, statusKey } from './order-status.ts';
import './order-status-tag.css';

// Order and refund states as tags (texts from the `orders` namespace, store-orders.json), in the store
// and the seller panel; tones in order-status-tag.css
const STATUS_TONES: Record<string, string> = {
  pendingPayment: 'warning',
  paid: 'info',
  confirmed: 'info',
  shipped: 'progress',
  received: 'progress',
  completed: 'success',
  cancelled: 'neutral',
  refunded: 'danger',
};

export function OrderStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('orders');
  const key = statusKey(status);
  return (
    <Tag variant="outlined" className={`orders-tag orders-tag-${STATUS_TONES[key] ?? 'neutral'}`}>
      {t(`status.${key}`)}
    </Tag>
  );
}

const REFUND_TONES: Record<string, string> = {
  requested: 'warning',
  refunding: 'warning',
  succeeded: 'success',
  failed: 'danger',
  rejected: 'danger',
};

/** The refund beside the order (nothing when there is none). */
export function RefundStatusTag({ returnStatus }: { returnStatus: number }) {
  const { t } = useTranslation('orders');
  if (returnStatus === 0) return null;
  const key = refundStatusKey(returnStatus);
  return (
    <Tag variant="outlined" className={`orders-tag orders-tag-${REFUND_TONES[key] ?? 'neutral'}`}>
      {t(`refundStatus.${key}`)}
    </Tag>
  );
}
