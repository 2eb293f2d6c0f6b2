import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = {
  pending: 'gold',
  requested: 'gold',
  refunding: 'processing',
  approved: 'green',
  succeeded: 'green',
  completed: 'green',
  paid: 'blue',
  confirmed: 'blue',
  shipped: 'cyan',
  received: 'cyan',
  rejected: 'red',
  failed: 'red',
  cancelled: 'default',
  refunded: 'purple',
};

/** A state word from the API, translated and coloured (unknown states show as they are). */
export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state] ?? 'default'}>{t(`common:states.${state}`, { defaultValue: state })}</Tag>;
}
