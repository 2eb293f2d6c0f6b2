import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../amount.tsx';
import { PlatformTime } from '../../platform-time.tsx';
import { useWithdrawRecord } from '../api/get-withdraw-record.ts';
import { networkOf } from '../records-page.ts';
import type { WithdrawRecord } from '../types.ts';
import { holdFieldsOfRecord } from '../hold-notice.ts';
import { HoldNotice } from './hold-notice.tsx';
import { MonoText } from './mono-text.tsx';
import { RecordDetailModal } from './record-detail-modal.tsx';
import { RecordStateBadge } from './record-state-badge.tsx';

function WithdrawDetails({ record }: { record: WithdrawRecord }) {
  const { t } = useTranslation('wallet');
  const items: DescriptionsProps['items'] = [
    { key: 'orderNo', label: t('detail.orderNo'), children: <MonoText value={record.order_no} /> },
    { key: 'state', label: t('detail.state'), children: <RecordStateBadge state={record.state} /> },
    { key: 'time', label: t('detail.createdAt'), children: <PlatformTime value={record.create_time} /> },
    { key: 'coin', label: t('detail.coin'), children: <span dir="ltr">{record.coin || '--'}</span> },
    { key: 'network', label: t('detail.network'), children: <span dir="ltr">{networkOf(record.coin_blockchain) || '--'}</span> },
    { key: 'amount', label: t('detail.withdrawAmount'), children: <Amount value={record.volume} unit="USDT" /> },
    { key: 'fee', label: t('detail.fee'), children: <Amount value={record.fee} unit="USDT" /> },
    { key: 'arrival', label: t('detail.arrival'), children: <Amount value={record.amount} unit="USDT" /> },
    { key: 'to', label: t('detail.toAddress'), children: <MonoText value={record.to} /> },
    { key: 'tx', label: t('detail.txHash'), children: <MonoText value={record.tx} /> },
    { key: 'reason', label: t('detail.reason'), children: record.reject_reason || '--' },
  ];
  return (
    <>
      <HoldNotice fields={holdFieldsOfRecord(record)} />
      <Descriptions bordered column={1} size="small" items={items} className="wallet-details" />
    </>
  );
}

/** withdraw!get of one record, every field. */
export function WithdrawDetailModal({ orderNo, open, onClose }: { orderNo: string | undefined; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const record = useWithdrawRecord(orderNo);
  return (
    <RecordDetailModal title={t('detail.withdrawTitle')} orderNo={orderNo} open={open} onClose={onClose} record={record}>
      {(data) => <WithdrawDetails record={data} />}
    </RecordDetailModal>
  );
}
