// The shop's orders by state (tabs), each opening its details with the delivery address; paid orders
// are accepted one at a time or several at once with the fund password.
import { Amount } from '@caravan/ui/amount.tsx';
import { useListParams } from '@caravan/ui/list-params';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { useQuery } from '@tanstack/react-query';
import { ScrollRegion } from '@caravan/ui/scroll-region.tsx';
import { Badge, Button, Input, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StateFilter } from '../../components/state-filter.tsx';
import { OrderStatusTag } from '@caravan/ui/order-status-tag.tsx';
import { noPushQuery } from '../dashboard/api.ts';
import { ordersQuery, TO_ACCEPT_STATUS, type SellerOrder } from './api.ts';
import { OrderDrawer } from './order-drawer.tsx';
import { PushModal } from './push-modal.tsx';

/** The tabs: every order, then each legacy status the seller meets, in the order an order lives them. */
const TABS = [
  { key: 'all', status: undefined },
  { key: 'toAccept', status: TO_ACCEPT_STATUS },
  { key: 'confirmed', status: 2 },
  { key: 'shipped', status: 3 },
  { key: 'received', status: 4 },
  { key: 'completed', status: 5 },
  { key: 'refunded', status: 6 },
  { key: 'pendingPayment', status: 0 },
  { key: 'cancelled', status: -1 },
] as const;

export default function OrdersPage() {
  const { t } = useTranslation(['sales', 'orders', 'common']);
  const list = useListParams(['status', 'orderId'] as const);
  const status = list.filter.status === undefined ? undefined : Number(list.filter.status);
  const orders = useQuery(ordersQuery({ pageNum: list.page, pageSize: list.pageSize, status: Number.isInteger(status) ? status : undefined, orderId: list.filter.orderId }));
  const noPush = useQuery(noPushQuery);
  const [selected, setSelected] = useState<string[]>([]);
  const [pushing, setPushing] = useState<string[]>([]);

  const columns: TableColumnsType<SellerOrder> = [
    {
      key: 'id',
      title: t('sales:columns.order'),
      render: (_, order) => (
        <a
          href={list.hrefFor(order.id)}
          className="seller-mono"
          onClick={(event) => {
            event.preventDefault();
            list.select(order.id);
          }}
        >
          {order.id}
        </a>
      ),
    },
    { key: 'created', title: t('sales:columns.created'), render: (_, order) => <PlatformTime value={order.createTime} /> },
    { key: 'buyer', title: t('sales:columns.buyer'), render: (_, order) => <span dir="auto">{order.username || order.contacts || '--'}</span> },
    { key: 'amount', title: t('sales:columns.amount'), align: 'end', render: (_, order) => <Amount value={order.prizeReal} /> },
    { key: 'profit', title: t('sales:columns.profit'), align: 'end', render: (_, order) => <Amount value={order.profit} /> },
    {
      key: 'status',
      title: t('sales:columns.status'),
      render: (_, order) => (
        <Space size={4} wrap>
          <OrderStatusTag status={order.status} />
          {order.reminded ? <Tag variant="outlined" className="orders-tag orders-tag-warning">{t('sales:reminded')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'actions',
      title: t('common:actions.label'),
      render: (_, order) =>
        order.status === TO_ACCEPT_STATUS ? (
          <Button size="small" type="primary" onClick={() => setPushing([order.id])} aria-label={t('sales:push.oneOf', { id: order.id })}>
            {t('sales:push.one')}
          </Button>
        ) : null,
    },
  ];

  const acceptable = (orders.data?.pageList ?? []).filter((order) => order.status === TO_ACCEPT_STATUS).map((order) => order.id);
  const chosen = selected.filter((id) => acceptable.includes(id));

  return (
    <>
      <PageHeader title={t('sales:title')} />
      <StateFilter
        label={t('sales:tabs.label')}
        value={TABS.find((tab) => tab.status === (Number.isInteger(status) ? status : undefined))?.key ?? 'all'}
        onChange={(key) => {
          setSelected([]);
          list.update({ status: TABS.find((tab) => tab.key === key)?.status });
        }}
        options={TABS.map((tab) => ({
          value: tab.key,
          label:
            tab.key === 'toAccept' ? (
              <span>
                {t('sales:tabs.toAccept')}
                {noPush.data?.noPushNum ? (
                  <>
                    <span aria-hidden="true">
                      <Badge count={noPush.data.noPushNum} overflowCount={999} style={{ marginInlineStart: 6 }} />
                    </span>
                    <span className="panel-visually-hidden">{` (${t('common:nav.toAccept', { number: noPush.data.noPushNum })})`}</span>
                  </>
                ) : null}
              </span>
            ) : tab.key === 'all' ? (
              t('sales:tabs.all')
            ) : (
              t(`orders:status.${tab.key}`)
            ),
        }))}
      />
      <Space wrap className="seller-filters">
        <Input.Search
          aria-label={t('sales:filters.number')}
          placeholder={t('sales:filters.number')}
          defaultValue={list.filter.orderId}
          allowClear
          onSearch={(value) => list.update({ orderId: value.trim() })}
          style={{ width: 320 }}
          dir="ltr"
        />
        {chosen.length > 0 ? (
          <Button type="primary" onClick={() => setPushing(chosen)}>
            {t('sales:push.selected', { number: chosen.length })}
          </Button>
        ) : null}
      </Space>
      {orders.isError ? <LoadError error={orders.error} onRetry={() => orders.refetch()} /> : null}
      <ScrollRegion label={t('sales:title')}>
        <Table<SellerOrder>
        rowKey="id"
        columns={columns}
        dataSource={orders.data?.pageList ?? []}
        loading={orders.isPending || orders.isFetching}
        locale={{ emptyText: t('sales:empty') }}
        rowSelection={{
          selectedRowKeys: chosen,
          onChange: (keys) => setSelected(keys.map(String)),
          getCheckboxProps: (order) => ({ disabled: order.status !== TO_ACCEPT_STATUS, 'aria-label': t('sales:select', { id: order.id }) }),
        }}
        pagination={{ current: list.page, pageSize: list.pageSize, total: orders.data?.pageInfo.totalElements ?? 0, showSizeChanger: true, onChange: (page, pageSize) => list.update({ page, pageSize }) }}
        />
      </ScrollRegion>
      <OrderDrawer orderId={list.selected} onClose={() => list.select(undefined)} onPush={(id) => setPushing([id])} />
      <PushModal
        orderIds={pushing}
        onClose={() => setPushing([])}
        onPushed={() => {
          setPushing([]);
          setSelected([]);
        }}
      />
    </>
  );
}
