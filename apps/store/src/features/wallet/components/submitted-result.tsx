import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { walletTabPath, WALLET_PATH } from '../recharge-flow.ts';
import { MonoText } from '@caravan/ui/wallet/components/mono-text.tsx';

/** After a deposit or a withdrawal was placed: it waits for review; its record is one click away. */
export function SubmittedResult({ kind, orderNo }: { kind: 'recharge' | 'withdraw'; orderNo: string }) {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  return (
    <div role="status" className="wallet-card">
      <Result
        status="success"
        title={t(`submitted.${kind}Title`)}
        subTitle={
          <span>
            {t(`submitted.${kind}Text`)} {t('submitted.orderNo')} <MonoText value={orderNo} />
          </span>
        }
        extra={[
          <Button key="records" type="primary" onClick={() => void navigate(walletTabPath(kind))}>
            {t('submitted.viewRecords')}
          </Button>,
          <Button key="wallet" onClick={() => void navigate(WALLET_PATH)}>
            {t('nav.backToWallet')}
          </Button>,
        ]}
      />
    </div>
  );
}
