import { Button, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '@caravan/ui/amount.tsx';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { MonoText } from '@caravan/ui/wallet/components/mono-text.tsx';
import { ScrollRegion } from '@caravan/ui/scroll-region.tsx';
import { pageItems, paginationOf } from '@caravan/ui/wallet/records-page';
import { useCreditHistory } from '../api/get-credit-history.ts';
import { creditIdOf, creditStateOf, HISTORY_PAGE_SIZE, isRepayable, reapplyPath } from '../credit-rules.ts';
import type { CreditRecord } from '../types.ts';
import { CreditStateBadge } from './credit-state-badge.tsx';

/** credit!histroy, 20 a page: each loan with its state and reason, repay or re-apply where it applies. */
export function HistoryTable({ pageNum, onPageChange, onRepay }: { pageNum: number; onPageChange: (pageNum: number) => void; onRepay: (creditId: string) => void }) {
  const { t } = useTranslation('credit');
  const history = useCreditHistory(pageNum, HISTORY_PAGE_SIZE);
  const pagination = paginationOf(history.data, { pageNo: pageNum, pageSize: HISTORY_PAGE_SIZE });
  const columns: TableColumnsType<CreditRecord> = [
    {
      key: 'loan',
      title: t('history.loan'),
      render: (_, record) => (
        <span className="credit-record-cell">
          <MonoText value={creditIdOf(record)} />
          <span className="credit-muted">
            <PlatformTime value={record.customerSubmitTime} />
          </span>
        </span>
      ),
    },
    { key: 'amount', title: t('history.amount'), align: 'end', render: (_, record) => <Amount value={record.applyAmount} unit="USDT" /> },
    { key: 'term', title: t('history.term'), render: (_, record) => <bdi>{t('form.days', { count: Number(record.creditPeriod) || 0 })}</bdi> },
    { key: 'interest', title: t('history.interest'), align: 'end', render: (_, record) => <Amount value={record.totalInterest} unit="USDT" /> },
    {
      key: 'repayment',
      title: t('history.repayment'),
      align: 'end',
      // what was paid back once repaid; nothing is owed on a rejected application
      render: (_, record) => {
        const state = creditStateOf(record.status);
        return <Amount value={state === 'repaid' ? record.actualRepayment : state === 'rejected' ? undefined : record.totalRepayment} unit="USDT" />;
      },
    },
    {
      key: 'state',
      title: t('history.state'),
      render: (_, record) => (
        <span className="credit-record-cell">
          <CreditStateBadge status={record.status} />
          {creditStateOf(record.status) === 'rejected' && record.rejectReason ? (
            <span className="credit-reason">
              <bdi>{t('history.reason', { reason: record.rejectReason })}</bdi>
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('history.actions'),
      render: (_, record) => {
        const state = creditStateOf(record.status);
        const id = creditIdOf(record);
        if (isRepayable(state)) {
          return (
            <Button type="link" onClick={() => onRepay(id)} aria-label={t('history.repayLabel', { id })}>
              {t('bill.repay')}
            </Button>
          );
        }
        if (state === 'rejected') {
          return (
            <Link to={reapplyPath(id)} aria-label={t('history.reapplyLabel', { id })} data-testid="credit-reapply">
              {t('history.reapply')}
            </Link>
          );
        }
        return null;
      },
    },
  ];
  return (
    <section className="credit-card" aria-labelledby="credit-history-title">
      <h2 id="credit-history-title" className="credit-section-title">
        {t('history.title')}
      </h2>
      <ScrollRegion label={t('history.title')}>
        <Table<CreditRecord>
          className="credit-table"
          rowKey={(record) => creditIdOf(record)}
          columns={columns}
          dataSource={pageItems(history.data)}
          loading={history.isPending || history.isPlaceholderData}
          locale={{ emptyText: t('history.empty') }}
          pagination={{ ...pagination, showSizeChanger: false, onChange: onPageChange, hideOnSinglePage: true }}
          data-testid="credit-history"
        />
      </ScrollRegion>
    </section>
  );
}
