import { CheckCircleOutlined } from '@ant-design/icons';
import { formatAmount } from '@caravan/ui/format';
import { useTranslation } from 'react-i18next';
import { useNumberLocale } from '@caravan/ui/amount.tsx';
import { amountRange, MAX_TERM_DAYS, ratePercent } from '../credit-rules.ts';
import { money } from '@caravan/contract/money';
import type { CreditConfig } from '../types.ts';

/** What the loan is and its conditions (spec §1): fixed rate, range, term, quick review, nothing pledged. */
export function LoanIntro({ config }: { config: CreditConfig | undefined }) {
  const { t } = useTranslation('credit');
  const locale = useNumberLocale();
  const range = amountRange(config);
  const rate = ratePercent(config?.rate);
  const conditions = [
    rate === undefined ? t('intro.fixedRate') : t('intro.fixedRateValue', { rate: formatAmount(rate, locale, 0) }),
    t('intro.amounts', { min: formatAmount(money.format(range.min, { minDecimals: 0 }), locale, 0), max: formatAmount(money.format(range.max, { minDecimals: 0 }), locale, 0) }),
    t('intro.term', { count: MAX_TERM_DAYS }),
    t('intro.review'),
    t('intro.nothingPledged'),
  ];
  return (
    <section className="credit-card credit-intro" aria-labelledby="credit-intro-title">
      <h2 id="credit-intro-title" className="credit-section-title">
        {t('intro.title')}
      </h2>
      <p className="credit-lead">{t('intro.text')}</p>
      <ul className="credit-conditions">
        {conditions.map((text) => (
          <li key={text}>
            <CheckCircleOutlined aria-hidden="true" className="credit-condition-icon" />
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
