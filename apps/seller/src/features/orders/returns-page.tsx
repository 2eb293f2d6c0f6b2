// The shop's orders with a refund or return: by state, each opening the buyer's reason and the amount.
// The platform (finance) decides refunds; the seller sees them here.
import { Amount } from '@caravan/ui/amount.tsx';
import { useListParams } from '@caravan/ui/list-params';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { useQuery } from '@tanstack/react-query';
import { ScrollRegion } from '@caravan/ui/scroll-region.tsx';
import { Descriptions, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { DetailDrawer } from '../../components/detail-drawer.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StateFilter } from '../../components/state-filter.tsx';
import { RefundStatusTag } from '@caravan/ui/order-status-tag.tsx';
import { returnQuery, returnsQuery, type SellerReturn } from './api.ts';

/** Legacy returnStatus values of the tabs (0 "none" is no refund at all). */
const TABS = [
  { key: 'all', status: undefined },
  { key: 'requested', status: 1 },
  { key: 'refunding', status: 2 },
  { key: 'succeeded', status: 3 },
  { key: 'failed', status: 4 },
  { key: 'rejected', status: 5 },
] as const;

function ReturnDrawer({ orderId, onClose }: { orderId: string | undefined; onClose: () => void }) {
  const { t } = useTranslation(['sales', 'orders']);
  const detail = useQuery({ ...returnQuery(orderId ?? ''), enabled: Boolean(orderId) });
  return (
    <DetailDrawer open={orderId !== undefined} title={orderId ? t('sales:returns.detail', { id: orderId }) : ''} onClose={onClose} size={520} query={detail}>
      {(data) => (
        <Descriptions
          column={1}
          size="small"
          bordered
          items={[
            { key: 'status', label: t('sales:detail.status'), children: <RefundStatusTag returnStatus={data.returnStatus} /> },
            { key: 'requested', label: t('sales:returns.requested'), children: <PlatformTime value={data.createTime} /> },
            { key: 'refunded', label: t('sales:returns.refundTime'), children: <PlatformTime value={data.refundTime} /> },
            { key: 'amount', label: t('sales:returns.amount'), children: <Amount value={data.returnPrice} unit="USDT" /> },
            { key: 'reason', label: t('sales:returns.reason'), children: data.returnReason ? t(`orders:reasons.refund.${data.returnReason}`, { defaultValue: data.returnReason }) : '--' },
            { key: 'detail', label: t('sales:returns.remark'), children: <span className="seller-review-text" dir="auto">{data.returnDetail || '--'}</span> },
            { key: 'buyer', label: t('sales:detail.buyer'), children: <span dir="auto">{data.username || '--'}</span> },
          ]}
        />
      )}
    </DetailDrawer>
  );
}

export default function ReturnsPage() {
  const { t } = useTranslation(['sales', 'orders', 'common']);
  const list = useListParams(['returnStatus'] as const);
  const status = list.filter.returnStatus === undefined ? undefined : Number(list.filter.returnStatus);
  const returns = useQuery(returnsQuery({ pageNum: list.page, pageSize: list.pageSize, returnStatus: Number.isInteger(status) ? status : undefined }));

  const columns: TableColumnsType<SellerReturn> = [
    {
      key: 'id',
      title: t('sales:columns.order'),
      render: (_, item) => (
        <a
          href={list.hrefFor(item.id)}
          className="seller-mono"
          onClick={(event) => {
            event.preventDefault();
            list.select(item.id);
          }}
        >
          {item.id}
        </a>
      ),
    },
    { key: 'requested', title: t('sales:returns.requested'), render: (_, item) => <PlatformTime value={item.createTime} /> },
    { key: 'buyer', title: t('sales:columns.buyer'), render: (_, item) => <span dir="auto">{item.username || '--'}</span> },
    { key: 'amount', title: t('sales:returns.amount'), align: 'end', render: (_, item) => <Amount value={item.returnPrice} /> },
    { key: 'reason', title: t('sales:returns.reason'), render: (_, item) => (item.returnReason ? t(`orders:reasons.refund.${item.returnReason}`, { defaultValue: item.returnReason }) : '--') },
    { key: 'status', title: t('sales:columns.status'), render: (_, item) => <RefundStatusTag returnStatus={item.returnStatus} /> },
  ];

  return (
    <>
      <PageHeader title={t('sales:returns.title')} />
      <StateFilter
        label={t('sales:returns.filterLabel')}
        value={TABS.find((tab) => tab.status === (Number.isInteger(status) ? status : undefined))?.key ?? 'all'}
        onChange={(key) => list.update({ returnStatus: TABS.find((tab) => tab.key === key)?.status })}
        options={TABS.map((tab) => ({ value: tab.key, label: tab.key === 'all' ? t('sales:tabs.all') : t(`orders:refundStatus.${tab.key}`) }))}
      />
      {returns.isError ? <LoadError error={returns.error} onRetry={() => returns.refetch()} /> : null}
      <ScrollRegion label={t('sales:returns.title')}>
        <Table<SellerReturn>
        rowKey="id"
        columns={columns}
        dataSource={returns.data?.pageList ?? []}
        loading={returns.isPending || returns.isFetching}
        locale={{ emptyText: t('sales:returns.empty') }}
        pagination={{ current: list.page, pageSize: list.pageSize, total: returns.data?.pageInfo.totalElements ?? 0, showSizeChanger: true, onChange: (page, pageSize) => list.update({ page, pageSize }) }}
        />
      </ScrollRegion>
      <ReturnDrawer orderId={list.selected} onClose={() => list.select(undefined)} />
    </>
  );
}
