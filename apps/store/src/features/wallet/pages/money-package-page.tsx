// /userInfo/money-package?index=<tab>: the balance, the way to recharge and withdraw, and the records
// (statement, recharge records, withdrawal records) in tabs.
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RequireLogin } from '../../../components/require-login.tsx';
import { BalancePanel } from '../components/balance-panel.tsx';
import { PageHeading } from '../components/page-heading.tsx';
import { RechargeRecordsTable } from '../components/recharge-records-table.tsx';
import { StatementTable } from '../components/statement-table.tsx';
import { WithdrawRecordsTable } from '@caravan/ui/wallet/components/withdraw-records-table.tsx';
import { parseWalletTab, walletTabIndex, type WalletTab } from '@caravan/ui/wallet/records-page';
import '@caravan/ui/wallet/wallet.css';

function WalletRecords() {
  const { t } = useTranslation('wallet');
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseWalletTab(searchParams.get('index'));
  const choose = (key: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('index', walletTabIndex(key as WalletTab));
    setSearchParams(next, { replace: true });
  };
  return (
    <section className="wallet-card" aria-labelledby="wallet-records-title">
      <h2 id="wallet-records-title" className="wallet-section-title">
        {t('records.title')}
      </h2>
      <Tabs
        activeKey={tab}
        onChange={choose}
        destroyOnHidden
        items={[
          { key: 'statement', label: t('records.tabs.statement'), children: <StatementTable /> },
          { key: 'recharge', label: t('records.tabs.recharge'), children: <RechargeRecordsTable /> },
          { key: 'withdraw', label: t('records.tabs.withdraw'), children: <WithdrawRecordsTable /> },
        ]}
      />
    </section>
  );
}

export default function MoneyPackagePage() {
  const { t } = useTranslation('wallet');
  return (
    <RequireLogin>
      <div className="wallet-page">
        <PageHeading title={t('wallet.title')} />
        <BalancePanel />
        <WalletRecords />
      </div>
    </RequireLogin>
  );
}
