import { formatAmount } from '@caravan/ui/format';
import { Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount, useNumberLocale } from '@caravan/ui/amount.tsx';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { WITHDRAW_COIN } from '@caravan/ui/wallet/address-rules';
import { ScrollRegion } from '@caravan/ui/scroll-region.tsx';
import { HoldNotice } from '@caravan/ui/wallet/components/hold-notice.tsx';
import { useStatement } from '../api/get-statement.ts';
import { pageItems, paginationOf, STATEMENT_PAGE_SIZE } from '@caravan/ui/wallet/records-page';
import type { StatementLine } from '../types.ts';

const KINDS = ['recharge', 'withdrawal_hold', 'withdrawal', 'withdrawal_release', 'order_payment', 'order_refund', 'order_income', 'loan'];
const SIGNS: Record<string, string> = { in: '+', out: '\u2212' };

function Change({ line }: { line: StatementLine }) {
  const { t } = useTranslation('wallet');
  const locale = useNumberLocale();
  const direction = ['in', 'out', 'hold', 'release'].includes(line.direction) ? line.direction : 'out';
  return (
    <span className={`wallet-change wallet-change-${direction}`}>
      <span dir="ltr">
        {SIGNS[direction] ?? ''}
        {formatAmount(line.amount, locale)} {WITHDRAW_COIN}
      </span>
      {direction === 'hold' || direction === 'release' ? <span className="wallet-change-note"> ({t(`statement.direction.${direction}`)})</span> : null}
      {line.kind === 'withdrawal_hold' ? (
        <span className="wallet-change-note">
          {' '}
          <HoldNotice fields={line} short />
        </span>
      ) : null}
    </span>
  );
}

/** wallet!statement: each movement with the balances after it. */
export function StatementTable() {
  const { t } = useTranslation('wallet');
  const [pageNo, setPageNo] = useState(1);
  const statement = useStatement(pageNo, STATEMENT_PAGE_SIZE);
  const pagination = paginationOf(statement.data, { pageNo, pageSize: STATEMENT_PAGE_SIZE });
  const columns: TableColumnsType<StatementLine> = [
    { key: 'time', title: t('statement.time'), render: (_, line) => <PlatformTime value={line.time} /> },
    { key: 'kind', title: t('statement.kind.title'), render: (_, line) => (KINDS.includes(line.kind) ? t(`statement.kind.${line.kind}`) : t('statement.kind.other')) },
    { key: 'change', title: t('statement.change'), align: 'end', render: (_, line) => <Change line={line} /> },
    { key: 'balance', title: t('statement.balance'), align: 'end', render: (_, line) => <Amount value={line.balance} unit="USDT" /> },
    { key: 'available', title: t('statement.available'), align: 'end', render: (_, line) => <Amount value={line.available} unit="USDT" /> },
  ];
  return (
    <ScrollRegion label={t('records.tabs.statement')}>
      <Table<StatementLine>
        className="wallet-table"
        rowKey={(line) => `${line.transferId}-${line.direction}`}
        columns={columns}
        dataSource={pageItems(statement.data)}
        loading={statement.isPending || statement.isPlaceholderData}
        locale={{ emptyText: t('statement.empty') }}
        pagination={{ ...pagination, showSizeChanger: false, onChange: setPageNo, hideOnSinglePage: true }}
      />
    </ScrollRegion>
  );
}
