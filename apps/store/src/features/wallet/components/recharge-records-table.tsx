import { Button, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../components/amount.tsx';
import { PlatformTime } from '../../../components/platform-time.tsx';
import { useRechargeRecords } from '../api/get-recharge-records.ts';
import { pageItems, paginationOf, RECHARGE_RECORDS_PAGE_SIZE } from '../records-page.ts';
import type { RechargeRecord } from '../types.ts';
import { MonoText } from './mono-text.tsx';
import { ScrollRegion } from './scroll-region.tsx';
import { RecordStateBadge } from './record-state-badge.tsx';
import { RechargeDetailModal } from './recharge-detail-modal.tsx';

const METHODS = ['blockchain', 'third_party', 'bank_card'];

/** rechargeBlockchain!list, 8 a page (spec section 9), each record opening its details. */
export function RechargeRecordsTable() {
  const { t } = useTranslation('wallet');
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<{ orderNo?: string; open: boolean }>({ open: false });
  const records = useRechargeRecords(pageNo, RECHARGE_RECORDS_PAGE_SIZE);
  const pagination = paginationOf(records.data, { pageNo, pageSize: RECHARGE_RECORDS_PAGE_SIZE });
  const columns: TableColumnsType<RechargeRecord> = [
    {
      key: 'order',
      title: t('records.order'),
      render: (_, record) => (
        <span className="wallet-order-cell">
          <MonoText value={record.order_no} />
          <span className="wallet-muted">
            <PlatformTime value={record.create_time || record.created} />
          </span>
        </span>
      ),
    },
    {
      key: 'channel',
      title: t('records.channel'),
      render: (_, record) => (
        <span className="wallet-order-cell">
          <span>{METHODS.includes(record.method) ? t(`method.${record.method}`) : record.method}</span>
          <span dir="ltr" className="wallet-muted">
            {[record.coin, record.blockchain_name].filter(Boolean).join(' · ')}
          </span>
        </span>
      ),
    },
    {
      key: 'amount',
      title: t('records.amount'),
      align: 'end',
      render: (_, record) => <Amount value={record.amount} {...(record.method === 'blockchain' ? { unit: record.coin } : {})} />,
    },
    { key: 'arrival', title: t('records.arrival'), align: 'end', render: (_, record) => <Amount value={record.volume} unit="USDT" /> },
    { key: 'state', title: t('records.state'), render: (_, record) => <RecordStateBadge state={record.state} /> },
    {
      key: 'actions',
      title: t('records.actions'),
      render: (_, record) => (
        <Button type="link" onClick={() => setSelected({ orderNo: record.order_no, open: true })} aria-label={t('records.detailsOf', { orderNo: record.order_no })}>
          {t('records.details')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <ScrollRegion label={t('records.tabs.recharge')}>
        <Table<RechargeRecord>
          className="wallet-table"
          rowKey="order_no"
          columns={columns}
          dataSource={pageItems(records.data)}
          loading={records.isPending || records.isPlaceholderData}
          locale={{ emptyText: t('records.emptyRecharge') }}
          pagination={{ ...pagination, showSizeChanger: false, onChange: setPageNo, hideOnSinglePage: true }}
        />
      </ScrollRegion>
      <RechargeDetailModal orderNo={selected.orderNo} open={selected.open} onClose={() => setSelected((current) => ({ ...current, open: false }))} />
    </>
  );
}
