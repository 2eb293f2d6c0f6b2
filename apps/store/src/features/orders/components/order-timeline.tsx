import { Alert, Empty, Skeleton, Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { useOrderLog } from '../api/get-order-log.ts';

/** The order's logistics timeline, oldest first, each entry in the viewer's language (orderLog!list). */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orders');
  const log = useOrderLog(orderId);
  if (log.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (log.isError) return <Alert type="warning" showIcon title={t('detail.timelineFailed')} description={log.error.message || undefined} />;
  if (log.data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.timelineEmpty')} />;
  const last = log.data.length - 1;
  return (
    <Timeline
      className="orders-timeline"
      items={log.data.map((entry, index) => ({
        key: entry.id,
        color: index === last ? 'green' : 'gray',
        title: <PlatformTime value={entry.createTime} />,
        content: entry.log,
      }))}
    />
  );
}
