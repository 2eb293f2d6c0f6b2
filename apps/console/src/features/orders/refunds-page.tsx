import { useQuery } from '@tanstack/react-query';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../components/list-params.ts';
import { QueuePage } from '../../components/queue-page.tsx';
import { ordersQuery, type Order } from './api.ts';
import { OrderDrawer } from './order-drawer.tsx';
import { useOrderColumns } from './orders-table.tsx';

/** The refund queue: orders whose refund waits for a decision (or, to look back, decided ones). */
const VIEWS = ['requested', 'succeeded', 'rejected', 'failed'] as const;

export default function RefundsPage() {
  const { t } = useTranslation(['orders', 'common']);
  const list = useListParams(['refundState'] as const);
  const refundState = list.filter.refundState ?? 'requested';
  const query = useQuery(ordersQuery({ refundState, page: list.page, pageSize: list.pageSize }));

  const columns = useOrderColumns(list.hrefFor, true);

  return (
    <QueuePage<Order>
      title={t('orders:refunds.title')}
      query={query}
      list={list}
      columns={columns}
      filters={<Segmented aria-label={t('orders:fields.refundState')} value={refundState} onChange={(value) => list.update({ refundState: String(value) })} options={VIEWS.map((value) => ({ value, label: t(`common:states.${value}`) }))} />}
      drawer={<OrderDrawer id={list.selected} onClose={() => list.select(undefined)} />}
    />
  );
}
