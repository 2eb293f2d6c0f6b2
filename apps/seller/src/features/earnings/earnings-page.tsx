// The seller's money: margins still in escrow (pending), released to the wallet (available), each
// order's margin; and withdrawing through the same wallet calls, rules and screens as buyers.
import type { SellerEarningsSummary, sellerEarningsListOutput } from '@caravan/contract/sellers';
import { Amount } from '@caravan/ui/amount.tsx';
import { useListParams } from '@caravan/ui/list-params';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { ScrollRegion } from '@caravan/ui/scroll-region.tsx';
import { MonoText } from '@caravan/ui/wallet/components/mono-text.tsx';
import { SubmittedResult } from '@caravan/ui/wallet/components/submitted-result.tsx';
import { WithdrawPanel } from '@caravan/ui/wallet/components/withdraw-panel.tsx';
import { WithdrawRecordsTable } from '@caravan/ui/wallet/components/withdraw-records-table.tsx';
import type { WireOf } from '@caravan/ui/wire';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Skeleton, Statistic, Table, Tabs, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { OrderStatusTag } from '@caravan/ui/order-status-tag.tsx';
import { sellerCall } from '../../lib/api.ts';
import { sellerKeys } from '../../lib/query-keys.ts';
import '@caravan/ui/wallet/wallet.css';

type EarningsPage = WireOf<typeof sellerEarningsListOutput>;
type Earning = EarningsPage['pageList'][number];

const summaryQuery = queryOptions({
  queryKey: [...sellerKeys.earnings(), 'summary'],
  queryFn: () => sellerCall<SellerEarningsSummary>('earnings!summary', {}, { silent: true }),
});

const TABS = [
  { key: 'all', settled: undefined },
  { key: 'settled', settled: '1' },
  { key: 'pending', settled: '0' },
] as const;

function Summary() {
  const { t } = useTranslation();
  const summary = useQuery(summaryQuery);
  if (summary.isPending) return <Skeleton active />;
  if (summary.isError) return <LoadError error={summary.error} onRetry={() => summary.refetch()} />;
  const data = summary.data;
  const figures = [
    { key: 'pending', title: t('common:earnings.pendingOf', { orders: data.pendingOrders }), value: data.pending },
    { key: 'available', title: t('common:earnings.available'), value: data.available },
    { key: 'frozen', title: t('common:earnings.frozen'), value: data.frozen },
    { key: 'total', title: t('common:earnings.totalEarnedOf', { orders: data.settledOrders }), value: data.totalEarned },
  ];
  return (
    <Row gutter={[16, 16]}>
      {figures.map((figure) => (
        <Col xs={24} sm={12} lg={6} key={figure.key}>
          <Card size="small" data-testid={`earnings-${figure.key}`}>
            <Statistic title={figure.title} valueRender={() => <Amount value={figure.value} unit="USDT" />} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

function PerOrder() {
  const { t } = useTranslation(['shop', 'sales', 'common']);
  const list = useListParams(['settled'] as const);
  const filter = { pageNum: list.page, pageSize: list.pageSize, settled: list.filter.settled };
  const earnings = useQuery({
    queryKey: [...sellerKeys.earnings(), 'list', filter],
    queryFn: () => sellerCall<EarningsPage>('earnings!list', filter, { silent: true }),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<Earning> = [
    { key: 'order', title: t('sales:columns.order'), render: (_, row) => <MonoText value={row.orderId} /> },
    { key: 'created', title: t('sales:columns.created'), render: (_, row) => <PlatformTime value={row.createTime} /> },
    { key: 'status', title: t('sales:columns.status'), render: (_, row) => <OrderStatusTag status={row.status} /> },
    { key: 'amount', title: t('sales:columns.amount'), align: 'end', render: (_, row) => <Amount value={row.prizeReal} /> },
    { key: 'wholesale', title: t('shop:earnings.wholesale'), align: 'end', render: (_, row) => <Amount value={row.systemPrice} /> },
    { key: 'commission', title: t('shop:earnings.commission'), align: 'end', render: (_, row) => <Amount value={row.commission} /> },
    { key: 'margin', title: t('shop:earnings.margin'), align: 'end', render: (_, row) => <Amount value={row.margin} /> },
    {
      key: 'settled',
      title: t('shop:earnings.state'),
      render: (_, row) =>
        row.settled ? (
          <span>
            {t('shop:earnings.released')}
            <br />
            <PlatformTime value={row.settleTime} />
          </span>
        ) : (
          t('shop:earnings.inEscrow')
        ),
    },
  ];
  return (
    <section aria-labelledby="seller-per-order-title">
      <h2 id="seller-per-order-title" style={{ fontSize: 18, marginBlock: '24px 8px' }}>
        {t('shop:earnings.perOrder')}
      </h2>
      <Tabs
        activeKey={TABS.find((tab) => tab.settled === list.filter.settled)?.key ?? 'all'}
        onChange={(key) => list.update({ settled: TABS.find((tab) => tab.key === key)?.settled })}
        items={TABS.map((tab) => ({ key: tab.key, label: t(`shop:earnings.tabs.${tab.key}`) }))}
      />
      {earnings.isError ? <LoadError error={earnings.error} onRetry={() => earnings.refetch()} /> : null}
      <ScrollRegion label={t('shop:earnings.perOrder')}>
        <Table<Earning>
        rowKey="orderId"
        columns={columns}
        dataSource={earnings.data?.pageList ?? []}
        loading={earnings.isPending || earnings.isFetching}
        locale={{ emptyText: t('shop:earnings.empty') }}
        pagination={{ current: list.page, pageSize: list.pageSize, total: earnings.data?.pageInfo.totalElements ?? 0, onChange: (page, pageSize) => list.update({ page, pageSize }) }}
        data-testid="earnings-list"
        />
      </ScrollRegion>
    </section>
  );
}

export default function EarningsPage() {
  const { t } = useTranslation(['shop', 'wallet']);
  return (
    <>
      <PageHeader title={t('shop:earnings.title')} />
      <Summary />
      <PerOrder />
      <div className="wallet-page" style={{ marginBlockStart: 24 }}>
        <h2 style={{ fontSize: 18, margin: 0 }}>{t('shop:earnings.withdraw')}</h2>
        <p className="seller-hint">{t('shop:earnings.withdrawHint')}</p>
        <WithdrawPanel
          renderSubmitted={(orderNo, again) => <SubmittedResult kind="withdraw" orderNo={orderNo} extra={<Button onClick={again}>{t('shop:earnings.withdrawAgain')}</Button>} />}
        />
        <section aria-labelledby="seller-withdrawals-title">
          <h3 id="seller-withdrawals-title" style={{ fontSize: 16, marginBlock: '8px' }}>
            {t('wallet:records.tabs.withdraw')}
          </h3>
          <WithdrawRecordsTable />
        </section>
      </div>
    </>
  );
}
