import { useTranslation } from 'react-i18next';
import { Amount } from '@caravan/ui/amount.tsx';
import { useRechargeRecords } from '../api/get-recharge-records.ts';
import { RECHARGE_RECORDS_PAGE_SIZE } from '@caravan/ui/wallet/records-page';
import type { RechargeRecord } from '../types.ts';
import { RechargeDetailModal } from './recharge-detail-modal.tsx';
import { RecordsTable } from '@caravan/ui/wallet/components/records-table.tsx';

const METHODS = ['blockchain', 'third_party', 'bank_card'];

/** rechargeBlockchain!list, 8 a page (spec section 9), each record opening its details. */
export function RechargeRecordsTable() {
  const { t } = useTranslation('wallet');
  return (
    <RecordsTable<RechargeRecord>
      label={t('records.tabs.recharge')}
      emptyText={t('records.emptyRecharge')}
      pageSize={RECHARGE_RECORDS_PAGE_SIZE}
      usePage={useRechargeRecords}
      timeOf={(record) => record.create_time || record.created}
      columns={[
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
      ]}
      renderDetail={(detail) => <RechargeDetailModal {...detail} />}
    />
  );
}
