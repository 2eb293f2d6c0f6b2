import { useTranslation } from 'react-i18next';
import { creditStateOf } from '../credit-rules.ts';

/** Pending review, approved, overdue, rejected, repaid: dark text on light fills (contrast above 7:1). */
export function CreditStateBadge({ status }: { status: number | string | null | undefined }) {
  const { t } = useTranslation('credit');
  const state = creditStateOf(status);
  return (
    <span className={`credit-state credit-state-${state}`} data-state={state}>
      {t(`state.${state}`)}
    </span>
  );
}
