import { useQuery } from '@tanstack/react-query';
import { Alert, Segmented, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../components/list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { errorText } from '../../lib/api.ts';
import { ordersQuery } from './api.ts';
import { OrderDrawer } from './order-drawer.tsx';
import { OrdersTable } from './orders-table.tsx';

/** The refund queue: orders whose refund waits for a decision (or, to look back, decided ones). */
const VIEWS = ['requested', 'succeeded', 'rejected', 'failed'] as const;

export default function RefundsPage() {
  const { t } = useTranslation(['orders', 'common']);
  const list = useListParams(['refundState'] as const);
  const refundState = list.filter.refundState ?? 'requested';
  const query = useQuery(ordersQuery({ refundState, page: list.page, pageSize: list.pageSize }));

  return (
    <>
      <PageHeader title={t('orders:refunds.title')} />
      <Space className="console-filters">
        <Segmented aria-label={t('orders:fields.refundState')} value={refundState} onChange={(value) => list.update({ refundState: String(value) })} options={VIEWS.map((value) => ({ value, label: t(`common:states.${value}`) }))} />
      </Space>
      {query.error ? <Alert type="error" showIcon title={errorText(query.error, t)} /> : null}
      <OrdersTable query={query} page={list.page} pageSize={list.pageSize} onPage={(page, pageSize) => list.update({ page, pageSize })} onSelect={list.select} hrefFor={list.hrefFor} refundColumns />
      <OrderDrawer id={list.selected} onClose={() => list.select(undefined)} />
    </>
  );
}
