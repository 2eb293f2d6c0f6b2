import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Dark tones with white text (4.5:1 or better): antd's light preset tags are too faint to read. */
const COLORS: Record<string, string> = {
  pending: '#ad4e00',
  requested: '#ad4e00',
  refunding: '#0958d9',
  approved: '#237804',
  succeeded: '#237804',
  completed: '#237804',
  paid: '#0958d9',
  confirmed: '#0958d9',
  shipped: '#006d75',
  received: '#006d75',
  rejected: '#a8071a',
  failed: '#a8071a',
  cancelled: '#595959',
  refunded: '#531dab',
  overdue: '#a8071a',
  active: '#237804',
  disabled: '#a8071a',
  repaid: '#237804',
  shown: '#237804',
  hidden: '#595959',
  on_shelf: '#237804',
  off_shelf: '#a8071a',
  open: '#237804',
  suspended: '#a8071a',
  closed: '#595959',
  operator_disabled: '#a8071a',
};
const OTHER = '#595959';

/** A state word from the API, translated and coloured (unknown states show as they are). */
export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag variant="solid" color={COLORS[state] ?? OTHER}>{t(`common:states.${state}`, { defaultValue: state })}</Tag>;
}
