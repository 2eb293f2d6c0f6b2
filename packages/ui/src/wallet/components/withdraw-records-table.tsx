import { useTranslation } from 'react-i18next';
import { Amount } from '../../amount.tsx';
import { useWithdrawRecords } from '../api/get-withdraw-records.ts';
import { WITHDRAW_RECORDS_PAGE_SIZE } from '../records-page.ts';
import type { WithdrawRecord } from '../types.ts';
import { holdFieldsOfRecord } from '../hold-notice.ts';
import { HoldNotice } from './hold-notice.tsx';
import { RecordsTable } from './records-table.tsx';
import { WithdrawDetailModal } from './withdraw-detail-modal.tsx';

/** withdraw!list, 20 a page (spec section 9), each record opening its details. */
export function WithdrawRecordsTable() {
  const { t } = useTranslation('wallet');
  return (
    <RecordsTable<WithdrawRecord>
      label={t('records.tabs.withdraw')}
      emptyText={t('records.emptyWithdraw')}
      pageSize={WITHDRAW_RECORDS_PAGE_SIZE}
      usePage={useWithdrawRecords}
      timeOf={(record) => record.create_time}
      columns={[
        { key: 'amount', title: t('records.withdrawAmount'), align: 'end', render: (_, record) => <Amount value={record.volume} unit="USDT" /> },
        { key: 'fee', title: t('records.fee'), align: 'end', render: (_, record) => <Amount value={record.fee} unit="USDT" /> },
        { key: 'arrival', title: t('records.arrival'), align: 'end', render: (_, record) => <Amount value={record.amount} unit="USDT" /> },
        { key: 'hold', title: t('records.note'), render: (_, record) => <HoldNotice fields={holdFieldsOfRecord(record)} short /> },
      ]}
      renderDetail={(detail) => <WithdrawDetailModal {...detail} />}
    />
  );
}
