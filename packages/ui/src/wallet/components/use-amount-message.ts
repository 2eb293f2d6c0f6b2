import { formatAmount } from '../../format.ts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberLocale } from '../../amount.tsx';
import type { AmountCheck } from '../amount-rules.ts';

/** The translated message of an amount check (undefined when it passed), limits in the viewer's format. */
export function useAmountMessage() {
  const { t } = useTranslation('wallet');
  const locale = useNumberLocale();
  return useCallback(
    (check: AmountCheck, unit: string): string | undefined => {
      if (check.ok) return undefined;
      const params = check.params ?? {};
      return t(`amountError.${check.error}`, {
        unit,
        count: params.decimals ?? 0,
        min: formatAmount(params.min, locale, 0),
        max: formatAmount(params.max, locale, 0),
        balance: formatAmount(params.balance, locale),
      });
    },
    [t, locale],
  );
}
