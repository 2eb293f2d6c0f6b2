import { Button, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../components/amount.tsx';
import { PlatformTime } from '../../../components/platform-time.tsx';
import { useWithdrawRecords } from '../api/get-withdraw-records.ts';
import { pageItems, paginationOf, WITHDRAW_RECORDS_PAGE_SIZE } from '../records-page.ts';
import type { WithdrawRecord } from '../types.ts';
import { MonoText } from './mono-text.tsx';
import { ScrollRegion } from './scroll-region.tsx';
import { RecordStateBadge } from './record-state-badge.tsx';
import { WithdrawDetailModal } from './withdraw-detail-modal.tsx';

/** withdraw!list, 20 a page (spec section 9), each record opening its details. */
export function WithdrawRecordsTable() {
  const { t } = useTranslation('wallet');
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<{ orderNo?: string; open: boolean }>({ open: false });
  const records = useWithdrawRecords(pageNo, WITHDRAW_RECORDS_PAGE_SIZE);
  const pagination = paginationOf(records.data, { pageNo, pageSize: WITHDRAW_RECORDS_PAGE_SIZE });
  const columns: TableColumnsType<WithdrawRecord> = [
    {
      key: 'order',
      title: t('records.order'),
      render: (_, record) => (
        <span className="wallet-order-cell">
          <MonoText value={record.order_no} />
          <span className="wallet-muted">
            <PlatformTime value={record.create_time} />
          </span>
        </span>
      ),
    },
    { key: 'amount', title: t('records.withdrawAmount'), align: 'end', render: (_, record) => <Amount value={record.volume} unit="USDT" /> },
    { key: 'fee', title: t('records.fee'), align: 'end', render: (_, record) => <Amount value={record.fee} unit="USDT" /> },
    { key: 'arrival', title: t('records.arrival'), align: 'end', render: (_, record) => <Amount value={record.amount} unit="USDT" /> },
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
      <ScrollRegion label={t('records.tabs.withdraw')}>
        <Table<WithdrawRecord>
          className="wallet-table"
          rowKey="order_no"
          columns={columns}
          dataSource={pageItems(records.data)}
          loading={records.isPending || records.isPlaceholderData}
          locale={{ emptyText: t('records.emptyWithdraw') }}
          pagination={{ ...pagination, showSizeChanger: false, onChange: setPageNo, hideOnSinglePage: true }}
        />
      </ScrollRegion>
      <WithdrawDetailModal orderNo={selected.orderNo} open={selected.open} onClose={() => setSelected((current) => ({ ...current, open: false }))} />
    </>
  );
}
