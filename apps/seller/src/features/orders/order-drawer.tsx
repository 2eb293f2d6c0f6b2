import { Amount } from '@caravan/ui/amount.tsx';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailDrawer } from '../../components/detail-drawer.tsx';
import { OrderStatusTag } from '@caravan/ui/order-status-tag.tsx';
import { orderQuery, TO_ACCEPT_STATUS } from './api.ts';

/** One order: amounts, the margin, the buyer and the delivery address; accepting it when it waits. */
export function OrderDrawer({ orderId, onClose, onPush }: { orderId: string | undefined; onClose: () => void; onPush: (orderId: string) => void }) {
  const { t } = useTranslation(['sales', 'common']);
  const order = useQuery({ ...orderQuery(orderId ?? ''), enabled: Boolean(orderId) });
  const title = orderId ? t('sales:detail.title', { id: orderId }) : '';
  return (
    <DetailDrawer open={orderId !== undefined} title={title} onClose={onClose} size={560} query={order}>
      {(data) => (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'status', label: t('sales:detail.status'), children: <OrderStatusTag status={data.orderStatus} /> },
              { key: 'created', label: t('sales:detail.created'), children: <PlatformTime value={data.createTime} /> },
              { key: 'pushed', label: t('sales:detail.pushed'), children: <PlatformTime value={data.pushTime} /> },
              { key: 'amount', label: t('sales:detail.amount'), children: <Amount value={data.prizeReal} unit="USDT" /> },
              { key: 'wholesale', label: t('sales:detail.wholesale'), children: <Amount value={data.systemPrice} unit="USDT" /> },
              { key: 'profit', label: t('sales:detail.profit'), children: <Amount value={data.profit} unit="USDT" /> },
              { key: 'refund', label: t('sales:detail.refunded'), children: <Amount value={data.returnPrice} unit="USDT" /> },
              { key: 'buyer', label: t('sales:detail.buyer'), children: <span dir="auto">{data.username || '--'}</span> },
            ]}
          />
          <h3 style={{ fontSize: 16, marginBlock: '20px 8px' }}>{t('sales:detail.address')}</h3>
          <Descriptions
            column={1}
            size="small"
            bordered
            data-testid="order-address"
            items={[
              { key: 'contacts', label: t('sales:detail.contacts'), children: <span dir="auto">{data.contacts || '--'}</span> },
              { key: 'phone', label: t('sales:detail.phone'), children: <span dir="ltr">{data.phone || '--'}</span> },
              { key: 'email', label: t('sales:detail.email'), children: <span dir="ltr">{data.email || '--'}</span> },
              { key: 'street', label: t('sales:detail.street'), children: <span dir="auto">{data.address || '--'}</span> },
              { key: 'city', label: t('sales:detail.city'), children: <span dir="auto">{[data.city, data.province].filter(Boolean).join(', ') || '--'}</span> },
              { key: 'country', label: t('sales:detail.country'), children: <span dir="auto">{data.country || '--'}</span> },
              { key: 'postcode', label: t('sales:detail.postcode'), children: <span dir="ltr">{data.postcode || '--'}</span> },
            ]}
          />
          {data.orderStatus === TO_ACCEPT_STATUS ? (
            <Button type="primary" style={{ marginBlockStart: 16 }} onClick={() => onPush(data.id)}>
              {t('sales:push.one')}
            </Button>
          ) : null}
        </>
      )}
    </DetailDrawer>
  );
}
