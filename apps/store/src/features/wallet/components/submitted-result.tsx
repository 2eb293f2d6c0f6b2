import { SubmittedResult as WalletSubmittedResult } from '@caravan/ui/wallet/components/submitted-result.tsx';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { walletTabPath, WALLET_PATH } from '../recharge-flow.ts';

/** The shared "placed, waiting for review" result, with the store's ways on: the records, the wallet. */
export function SubmittedResult({ kind, orderNo }: { kind: 'recharge' | 'withdraw'; orderNo: string }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  return (
    <WalletSubmittedResult
      kind={kind}
      orderNo={orderNo}
      extra={[
        <Button key="records" type="primary" onClick={() => void navigate(walletTabPath(kind))}>
          {t('submitted.viewRecords')}
        </Button>,
        <Button key="wallet" onClick={() => void navigate(WALLET_PATH)}>
          {t('nav.backToWallet')}
        </Button>,
      ]}
    />
  );
}
