import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Amount } from '@caravan/ui/amount.tsx';
import { useBalance } from '@caravan/ui/wallet/api/get-balance';
import { RECHARGE_PATH, WITHDRAW_PATH } from '../recharge-flow.ts';

/** Spendable balance, the part held for withdrawals in review, and the way to recharge or withdraw. */
export function BalancePanel() {
  const { t } = useTranslation('wallet');
  const navigate = useNavigate();
  const balance = useBalance();
  return (
    <section className="wallet-card wallet-balance" aria-labelledby="wallet-balance-title">
      <h2 id="wallet-balance-title" className="wallet-section-title">
        {t('balance.title')}
      </h2>
      {balance.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : (
        <dl className="wallet-balance-figures">
          <div className="wallet-balance-figure">
            <dt>{t('balance.available')}</dt>
            <dd className="wallet-balance-main" data-testid="wallet-balance">
              <Amount value={balance.data?.money ?? (balance.isError ? null : '0')} unit="USDT" />
            </dd>
          </div>
          <div className="wallet-balance-figure">
            <dt>{t('balance.frozen')}</dt>
            <dd className="wallet-balance-frozen" data-testid="wallet-frozen">
              <Amount value={balance.data?.frozen ?? (balance.isError ? null : '0')} unit="USDT" />
            </dd>
          </div>
        </dl>
      )}
      <p className="wallet-hint">{t('balance.frozenHint')}</p>
      <div className="wallet-balance-actions">
        <Button type="primary" size="large" icon={<ArrowDownOutlined aria-hidden="true" />} onClick={() => void navigate(RECHARGE_PATH)}>
          {t('balance.recharge')}
        </Button>
        <Button size="large" icon={<ArrowUpOutlined aria-hidden="true" />} onClick={() => void navigate(WITHDRAW_PATH)}>
          {t('balance.withdraw')}
        </Button>
      </div>
    </section>
  );
}
