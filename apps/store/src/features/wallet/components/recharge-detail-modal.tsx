import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { Amount } from '@caravan/ui/amount.tsx';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { useRechargeRecord } from '../api/get-recharge-record.ts';
import type { RechargeRecord } from '../types.ts';
import { MonoText } from '@caravan/ui/wallet/components/mono-text.tsx';
import { RecordDetailModal } from '@caravan/ui/wallet/components/record-detail-modal.tsx';
import { RecordStateBadge } from '@caravan/ui/wallet/components/record-state-badge.tsx';

const METHODS = ['blockchain', 'third_party', 'bank_card'];

function text(value: string | null | undefined): string {
  return value && value.trim().length > 0 ? value : '--';
}

function RechargeDetails({ record }: { record: RechargeRecord }) {
  const { t } = useTranslation('wallet');
  const blockchain = record.method === 'blockchain' || record.method === '';
  const items: DescriptionsProps['items'] = [
    { key: 'orderNo', label: t('detail.orderNo'), children: <MonoText value={record.order_no} /> },
    { key: 'state', label: t('detail.state'), children: <RecordStateBadge state={record.state} /> },
    { key: 'time', label: t('detail.createdAt'), children: <PlatformTime value={record.create_time || record.created} /> },
    { key: 'method', label: t('detail.method'), children: METHODS.includes(record.method) ? t(`method.${record.method}`) : text(record.method) },
    { key: 'coin', label: t('detail.coin'), children: <span dir="ltr">{text(record.coin)}</span> },
    { key: 'network', label: blockchain ? t('detail.network') : t('detail.channel'), children: <span dir="ltr">{text(record.blockchain_name)}</span> },
    { key: 'amount', label: t('detail.amount'), children: <Amount value={record.amount} {...(blockchain ? { unit: record.coin } : {})} /> },
    { key: 'fee', label: t('detail.fee'), children: <Amount value={record.fee} unit="USDT" /> },
    { key: 'arrival', label: t('detail.arrival'), children: <Amount value={record.volume} unit="USDT" /> },
    { key: 'address', label: t('detail.depositAddress'), children: <MonoText value={record.channel_address || record.address} /> },
    { key: 'from', label: t('detail.fromAddress'), children: <MonoText value={record.from} /> },
    { key: 'tx', label: t('detail.txHash'), children: <MonoText value={record.tx} /> },
    {
      key: 'proof',
      label: t('detail.proof'),
      children: record.img ? (
        <a href={record.img} target="_blank" rel="noreferrer" className="wallet-proof-link">
          <img src={record.img} alt={t('detail.proofAlt', { orderNo: record.order_no })} className="wallet-proof-thumb" />
        </a>
      ) : (
        '--'
      ),
    },
    { key: 'reason', label: t('detail.reason'), children: text(record.reject_reason) },
  ];
  return <Descriptions bordered column={1} size="small" items={items} className="wallet-details" />;
}

/** rechargeBlockchain!get of one record, every field. */
export function RechargeDetailModal({ orderNo, open, onClose }: { orderNo: string | undefined; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const record = useRechargeRecord(orderNo);
  return (
    <RecordDetailModal title={t('detail.rechargeTitle')} orderNo={orderNo} open={open} onClose={onClose} record={record}>
      {(data) => <RechargeDetails record={data} />}
    </RecordDetailModal>
  );
}
