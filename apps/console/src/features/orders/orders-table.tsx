import { compareAmounts } from '@caravan/ui/format';
import type { TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { StateTag } from '../../components/state-tag.tsx';
import { Money, Time } from '../../lib/format.tsx';
import type { Order } from './api.ts';

/**
 * The order list's columns on the orders and refunds pages (server-paged; a row opens the order's
 * drawer). `hrefFor` is the list's address with an order's drawer open; `refundColumns` shows the
 * refund queue's columns (reason, amount) instead of the refund state.
 */
export function useOrderColumns(hrefFor: (id: string) => string, refundColumns = false): TableColumnsType<Order> {
  const { t } = useTranslation(['orders', 'common', 'storeOrders']);
  return [
    { title: t('orders:fields.number'), dataIndex: 'id', render: (value: string) => <Link to={hrefFor(value)}>{value}</Link> },
    { title: t('orders:fields.buyer'), dataIndex: 'buyerName' },
    { title: t('orders:fields.shop'), dataIndex: 'shopName' },
    { title: t('orders:fields.total'), dataIndex: 'total', align: 'right', sorter: (a, b) => compareAmounts(a.total, b.total), render: (value: string) => <Money value={value} /> },
    { title: t('orders:fields.status'), dataIndex: 'status', render: (value: string) => <StateTag state={value} /> },
    refundColumns
      ? { title: t('orders:fields.refundReason'), dataIndex: 'refundReason', render: (value: string | null) => (value ? t(`storeOrders:reasons.refund.${value}`, { defaultValue: value }) : '--') }
      : { title: t('orders:fields.refundState'), dataIndex: 'refundState', render: (value: string) => (value === 'none' ? '--' : <StateTag state={value} />) },
    ...(refundColumns ? [{ title: t('orders:fields.refundAmount'), dataIndex: 'refundAmount', align: 'right' as const, render: (value: string | null) => <Money value={value} /> }] : []),
    { title: t('orders:fields.createdAt'), dataIndex: 'createdAt', sorter: (a, b) => a.createdAt.localeCompare(b.createdAt), render: (value: string) => <Time value={value} /> },
  ];
}
