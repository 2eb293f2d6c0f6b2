// Withdrawing from the wallet (spec section 1 "Wallet", API reference section 7), the same for buyers in
// the store and sellers in their panel: binding the one withdrawal address when there is none, then
// withdrawals to it; after one is placed, what the app shows next (`renderSubmitted`).
import { Alert, Button, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useWithdrawAccount } from '../api/get-withdraw-account.ts';
import { BindAddressForm } from './bind-address-form.tsx';
import { WithdrawForm } from './withdraw-form.tsx';

/** openWithdrawAddressBinding: 1 when users may bind an address themselves. */
const BINDING_OPEN = 1;

export function WithdrawPanel({ renderSubmitted }: { renderSubmitted: (orderNo: string, again: () => void) => ReactNode }) {
  const { t } = useTranslation('wallet');
  const account = useWithdrawAccount();
  const [placed, setPlaced] = useState<string | undefined>(undefined);

  if (placed) return renderSubmitted(placed, () => setPlaced(undefined));
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
