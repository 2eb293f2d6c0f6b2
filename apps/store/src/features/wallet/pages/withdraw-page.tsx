// /userInfo/money-package/withdraw: the shared withdrawal panel (binding the one address, then
// withdrawals to it), with the store's "submitted" result leading to the records.
import { WithdrawPanel } from '@caravan/ui/wallet/components/withdraw-panel.tsx';
import { useTranslation } from 'react-i18next';
import { RequireLogin } from '../../../components/require-login.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { SubmittedResult } from '../components/submitted-result.tsx';
import '@caravan/ui/wallet/wallet.css';

export default function WithdrawPage() {
  const { t } = useTranslation('wallet');
  return (
    <RequireLogin>
      <div className="wallet-page">
        <PageHeading title={t('withdraw.title')} back />
        <WithdrawPanel renderSubmitted={(orderNo) => <SubmittedResult kind="withdraw" orderNo={orderNo} />} />
      </div>
    </RequireLogin>
  );
}
