import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MonoText } from './mono-text.tsx';

/** After a deposit or a withdrawal was placed: it waits for review; `extra` says where to go next (each app its own). */
export function SubmittedResult({ kind, orderNo, extra }: { kind: 'recharge' | 'withdraw'; orderNo: string; extra: ReactNode }) {
  const { t } = useTranslation('wallet');
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
        extra={extra}
      />
    </div>
  );
}
