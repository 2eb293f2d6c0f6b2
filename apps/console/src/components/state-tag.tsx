import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Dark tones with white text (4.5:1 or better): antd's light preset tags are too faint to read. */
export const TAG_TONES = { warning: '#ad4e00', danger: '#a8071a' } as const;

/** Each state's tone. */
const COLORS: Record<string, string> = {
  pending: TAG_TONES.warning,
  requested: TAG_TONES.warning,
  refunding: '#0958d9',
  approved: '#237804',
  succeeded: '#237804',
  completed: '#237804',
  paid: '#0958d9',
  confirmed: '#0958d9',
  shipped: '#006d75',
  received: '#006d75',
  rejected: TAG_TONES.danger,
  failed: TAG_TONES.danger,
  cancelled: '#595959',
  refunded: '#531dab',
  overdue: TAG_TONES.danger,
  active: '#237804',
  disabled: TAG_TONES.danger,
  repaid: '#237804',
  shown: '#237804',
  hidden: '#595959',
  on_shelf: '#237804',
  off_shelf: TAG_TONES.danger,
  open: '#237804',
  suspended: TAG_TONES.danger,
  closed: '#595959',
  operator_disabled: TAG_TONES.danger,
};
const OTHER = '#595959';

/** A state word from the API, translated and coloured (unknown states show as they are). */
export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag variant="solid" color={COLORS[state] ?? OTHER}>{t(`common:states.${state}`, { defaultValue: state })}</Tag>;
}
