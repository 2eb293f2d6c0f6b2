// /userInfo/money-package/recharge: the three deposit channels in tabs (spec section 1 "Wallet").
import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequireLogin } from '../../../components/require-login.tsx';
import { BankCardRechargeForm } from '../components/bank-card-recharge-form.tsx';
import { BlockchainRechargeForm } from '../components/blockchain-recharge-form.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { SubmittedResult } from '../components/submitted-result.tsx';
import { ThirdPartyRechargeForm } from '../components/third-party-recharge-form.tsx';
import '@caravan/ui/wallet/wallet.css';

export default function RechargePage() {
  const { t } = useTranslation('wallet');
  const [placed, setPlaced] = useState<string | undefined>(undefined);
  return (
    <RequireLogin>
      <div className="wallet-page">
        <PageHeading title={t('recharge.title')} back />
        {placed ? (
          <SubmittedResult kind="recharge" orderNo={placed} />
        ) : (
          <div className="wallet-card">
            <p className="wallet-hint">{t('recharge.oneAtATime')}</p>
            <Tabs
              items={[
                { key: 'blockchain', label: t('recharge.tabs.blockchain'), children: <BlockchainRechargeForm onSubmitted={setPlaced} /> },
                { key: 'thirdParty', label: t('recharge.tabs.thirdParty'), children: <ThirdPartyRechargeForm /> },
                { key: 'bankCard', label: t('recharge.tabs.bankCard'), children: <BankCardRechargeForm onSubmitted={setPlaced} /> },
              ]}
            />
          </div>
        )}
      </div>
    </RequireLogin>
  );
}
