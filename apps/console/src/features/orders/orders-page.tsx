import { orderQuery as orderFilterSchema } from '@caravan/contract/console';
import { useQuery } from '@tanstack/react-query';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../components/list-params.ts';
import { ClearableSelect, QueuePage } from '../../components/queue-page.tsx';
import { ordersQuery, type Order } from './api.ts';
import { OrderDrawer } from './order-drawer.tsx';
import { useOrderColumns } from './orders-table.tsx';

const STATUSES = orderFilterSchema.shape.status.unwrap().options;
const REFUND_STATES = orderFilterSchema.shape.refundState.unwrap().options;
const FILTERS = ['id', 'buyerId', 'shopId', 'status', 'refundState', 'fromDate', 'toDate'] as const;

/** A calendar day (YYYY-MM-DD) in the operator's zone as the instant it starts, `days` later. */
function dayStart(day: string | undefined, days = 0): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + days).toISOString();
}

export default function OrdersPage() {
  const { t } = useTranslation(['orders', 'common']);
  const list = useListParams(FILTERS);
  const { fromDate, toDate, ...filter } = list.filter;
  const query = useQuery(ordersQuery({ ...filter, from: dayStart(fromDate), to: dayStart(toDate, 1), page: list.page, pageSize: list.pageSize }));

  const columns = useOrderColumns(list.hrefFor);

  return (
    <QueuePage<Order>
      title={t('orders:title')}
      query={query}
      list={list}
      columns={columns}
      filters={
        <>
          <Input.Search aria-label={t('orders:filters.number')} placeholder={t('orders:filters.number')} allowClear defaultValue={list.filter.id} onSearch={(value) => list.update({ id: value.trim() })} style={{ width: 300 }} />
          <Input.Search aria-label={t('orders:filters.buyerId')} placeholder={t('orders:filters.buyerId')} allowClear defaultValue={list.filter.buyerId} onSearch={(value) => list.update({ buyerId: value.trim() })} style={{ width: 240 }} />
          <Input.Search aria-label={t('orders:filters.shopId')} placeholder={t('orders:filters.shopId')} allowClear defaultValue={list.filter.shopId} onSearch={(value) => list.update({ shopId: value.trim() })} style={{ width: 240 }} />
          <ClearableSelect label={t('orders:fields.status')} width={170} value={list.filter.status} onChange={(value) => list.update({ status: value })} options={STATUSES.map((value) => ({ value, label: t(`common:states.${value}`) }))} />
          <ClearableSelect label={t('orders:fields.refundState')} width={170} value={list.filter.refundState} onChange={(value) => list.update({ refundState: value })} options={REFUND_STATES.map((value) => ({ value, label: t(`common:states.${value}`) }))} />
          <Input type="date" aria-label={t('orders:filters.from')} value={fromDate ?? ''} onChange={(event) => list.update({ fromDate: event.target.value })} style={{ width: 160 }} />
          <Input type="date" aria-label={t('orders:filters.to')} value={toDate ?? ''} onChange={(event) => list.update({ toDate: event.target.value })} style={{ width: 160 }} />
        </>
      }
      drawer={<OrderDrawer id={list.selected} onClose={() => list.select(undefined)} />}
    />
  );
}
