import type { UseQueryResult } from '@tanstack/react-query';
import { Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StateTag } from '../../components/state-tag.tsx';
import { Money, Time } from '../../lib/format.tsx';
import type { Order } from './api.ts';

/** The order list of the orders and refunds pages: server-paged, a row opens the order's drawer. */
export interface OrdersTableProps {
  query: UseQueryResult<{ items: Order[]; total: number; totalIsLowerBound?: boolean | undefined }>;
  page: number;
  pageSize: number;
  onPage(page: number, pageSize: number): void;
  onSelect(id: string): void;
  /** the list's address with this order's drawer open */
  hrefFor(id: string): string;
  /** the refund queue's columns (reason, amount) instead of the refund state */
  refundColumns?: boolean;
}

export function OrdersTable({ query, page, pageSize, onPage, onSelect, hrefFor, refundColumns }: OrdersTableProps) {
  const { t } = useTranslation(['orders', 'common', 'storeOrders']);
  return (
    <Table<Order>
      rowKey="id"
      size="middle"
      loading={query.isFetching}
      dataSource={query.data?.items ?? []}
      onRow={(row) => ({ onClick: () => onSelect(row.id) })}
      pagination={{
        current: page,
        pageSize,
        total: query.data?.total ?? 0,
        showSizeChanger: true,
        showTotal: (total) => t(query.data?.totalIsLowerBound ? 'common:table.moreThan' : 'common:table.total', { total }),
        onChange: onPage,
      }}
      columns={[
        { title: t('orders:fields.number'), dataIndex: 'id', render: (value: string) => <Link to={hrefFor(value)}>{value}</Link> },
        { title: t('orders:fields.buyer'), dataIndex: 'buyerName' },
        { title: t('orders:fields.shop'), dataIndex: 'shopName' },
        { title: t('orders:fields.total'), dataIndex: 'total', align: 'right', sorter: (a, b) => Number(a.total) - Number(b.total), render: (value: string) => <Money value={value} /> },
        { title: t('orders:fields.status'), dataIndex: 'status', render: (value: string) => <StateTag state={value} /> },
        refundColumns
          ? { title: t('orders:fields.refundReason'), dataIndex: 'refundReason', render: (value: string | null) => (value ? t(`storeOrders:reasons.refund.${value}`, { defaultValue: value }) : '--') }
          : { title: t('orders:fields.refundState'), dataIndex: 'refundState', render: (value: string) => (value === 'none' ? '--' : <StateTag state={value} />) },
        ...(refundColumns ? [{ title: t('orders:fields.refundAmount'), dataIndex: 'refundAmount', align: 'right' as const, render: (value: string | null) => <Money value={value} /> }] : []),
        { title: t('orders:fields.createdAt'), dataIndex: 'createdAt', sorter: (a, b) => a.createdAt.localeCompare(b.createdAt), render: (value: string) => <Time value={value} /> },
      ]}
    />
  );
}
