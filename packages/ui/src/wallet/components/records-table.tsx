import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PlatformTime } from '../../platform-time.tsx';
import { pageItems, paginationOf } from '../records-page.ts';
import type { PageObject } from '@caravan/contract/paging';
import { MonoText } from './mono-text.tsx';
import { RecordStateBadge } from './record-state-badge.tsx';
import { ScrollRegion } from '../../scroll-region.tsx';

interface WalletRecord {
  order_no: string;
  state: number | string;
}

export interface RecordsTableProps<T extends WalletRecord> {
  /** the region's name (the tab's label) and the text of an empty list */
  label: string;
  emptyText: string;
  pageSize: number;
  /** the page's records, by page number */
  usePage: (pageNo: number, pageSize: number) => UseQueryResult<PageObject<T>>;
  /** when the record was made (platform time) */
  timeOf: (record: T) => string | undefined;
  /** the columns between the record number and its state */
  columns: TableColumnsType<T>;
  /** the record's details, opened from its row */
  renderDetail: (detail: { orderNo: string | undefined; open: boolean; onClose: () => void }) => ReactNode;
}

/** A page of wallet records (recharges, withdrawals): number and time, the caller's columns, state, details. */
export function RecordsTable<T extends WalletRecord>({ label, emptyText, pageSize, usePage, timeOf, columns, renderDetail }: RecordsTableProps<T>) {
  const { t } = useTranslation('wallet');
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<{ orderNo?: string; open: boolean }>({ open: false });
  const records = usePage(pageNo, pageSize);
  const pagination = paginationOf(records.data, { pageNo, pageSize });
  const all: TableColumnsType<T> = [
    {
      key: 'order',
      title: t('records.order'),
      render: (_, record) => (
        <span className="wallet-order-cell">
          <MonoText value={record.order_no} />
          <span className="wallet-muted">
            <PlatformTime value={timeOf(record)} />
          </span>
        </span>
      ),
    },
    ...columns,
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
      <ScrollRegion label={label}>
        <Table<T>
          className="wallet-table"
          rowKey="order_no"
          columns={all}
          dataSource={pageItems(records.data)}
          loading={records.isPending || records.isPlaceholderData}
          locale={{ emptyText }}
          pagination={{ ...pagination, showSizeChanger: false, onChange: setPageNo, hideOnSinglePage: true }}
        />
      </ScrollRegion>
      {renderDetail({ orderNo: selected.orderNo, open: selected.open, onClose: () => setSelected((current) => ({ ...current, open: false })) })}
    </>
  );
}
