import { formatAmount } from '@caravan/ui/format';
import { useTranslation } from 'react-i18next';
import { Amount, useNumberLocale } from '@caravan/ui/amount.tsx';
import { ratePercent, type CostDisclosure } from '../credit-rules.ts';
import type { CreditConfig } from '../types.ts';

/**
 * What the loan costs, before applying (ARCHITECTURE §4): rate, total interest, total repayment, the
 * overdue rate and what a day late costs, and the due date. Announced politely as the figures change.
 */
export function CostDisclosurePanel({ config, cost }: { config: CreditConfig | undefined; cost: CostDisclosure | undefined }) {
  const { t } = useTranslation('credit');
  const locale = useNumberLocale();
  const percent = (rate: CreditConfig['rate'] | undefined) => {
    const value = ratePercent(rate);
    return value === undefined ? '--' : t('cost.perDay', { rate: formatAmount(value, locale, 0) });
  };
  return (
    <section className="credit-cost" aria-labelledby="credit-cost-title" data-testid="credit-cost">
      <h3 id="credit-cost-title" className="credit-subtitle">
        {t('cost.title')}
      </h3>
      <dl className="credit-figures" aria-live="polite">
        <div>
          <dt>{t('cost.rate')}</dt>
          <dd>
            <bdi>{percent(config?.rate)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('cost.totalInterest')}</dt>
          <dd data-testid="credit-total-interest">{cost ? <Amount value={cost.totalInterest} unit="USDT" className="credit-strong" /> : '--'}</dd>
        </div>
        <div>
          <dt>{t('cost.totalRepayment')}</dt>
          <dd data-testid="credit-total-repayment">{cost ? <Amount value={cost.totalRepayment} unit="USDT" className="credit-strong" /> : '--'}</dd>
        </div>
        <div>
          <dt>{t('cost.dueDate')}</dt>
          <dd data-testid="credit-due-date">{cost ? <span dir="ltr">{cost.dueDate}</span> : '--'}</dd>
        </div>
        <div>
          <dt>{t('cost.overdueRate')}</dt>
          <dd>
            <bdi>{percent(config?.defaultRate)}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('cost.overduePerDay')}</dt>
          <dd data-testid="credit-overdue-per-day">{cost ? <Amount value={cost.overduePerDay} unit="USDT" /> : '--'}</dd>
        </div>
      </dl>
      <p className="credit-hint">{cost ? t('cost.note') : t('cost.choose')}</p>
    </section>
  );
}
