import { useTranslation } from 'react-i18next';
import { recordStateOf } from '../records-page.ts';

/** In process / success / failure, in colours that keep their contrast (not antd's pale tags). */
export function RecordStateBadge({ state }: { state: number | string | null | undefined }) {
  const { t } = useTranslation('wallet');
  const value = recordStateOf(state);
  return <span className={`wallet-state wallet-state-${value}`}>{t(`state.${value}`)}</span>;
}
