// /userInfo/money-package/withdraw: binding the one withdrawal address when there is none, then
// withdrawals to it (spec section 1 "Wallet", API reference section 7).
import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequireLogin } from '../../../components/require-login.tsx';
import { useWithdrawAccount } from '../api/get-withdraw-account.ts';
import { BindAddressForm } from '../components/bind-address-form.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { SubmittedResult } from '../components/submitted-result.tsx';
import { WithdrawForm } from '../components/withdraw-form.tsx';
import '../wallet.css';

/** openWithdrawAddressBinding: 1 when users may bind an address themselves. */
const BINDING_OPEN = 1;

function WithdrawContent() {
  const { t } = useTranslation('wallet');
  const account = useWithdrawAccount();
  const [placed, setPlaced] = useState<string | undefined>(undefined);

  if (placed) return <SubmittedResult kind="withdraw" orderNo={placed} />;
  if (account.isPending) return <Skeleton active />;
  if (account.isError || !account.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('withdraw.loadFailed')}
        action={
          <Button size="small" onClick={() => void account.refetch()}>
            {t('withdraw.retry')}
          </Button>
        }
      />
    );
  }
  const { existWithdrawAddress, coinType, chainName, openWithdrawAddressBinding } = account.data;
  if (existWithdrawAddress) {
    return <WithdrawForm bound={{ address: existWithdrawAddress, coin: coinType || 'USDT', network: chainName }} onSubmitted={setPlaced} />;
  }
  if (Number(openWithdrawAddressBinding) === BINDING_OPEN) return <BindAddressForm defaultNetwork={chainName} />;
  return <Alert type="info" showIcon title={t('bind.closed')} />;
}

export default function WithdrawPage() {
  const { t } = useTranslation('wallet');
  return (
    <RequireLogin>
      <div className="wallet-page">
        <PageHeading title={t('withdraw.title')} back />
        <WithdrawContent />
      </div>
    </RequireLogin>
  );
}
