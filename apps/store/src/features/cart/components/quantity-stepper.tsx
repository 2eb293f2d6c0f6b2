import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseQuantity } from '../lib/quantity-message.ts';

/**
 * Quantity within [min, max]: the buttons stop at the bounds; a typed value is committed on Enter or
 * when leaving the field and may be refused by the caller (which then shows why).
 */
export function QuantityStepper({
  value,
  min,
  max,
  label,
  invalid,
  describedBy,
  onCommit,
}: {
  value: number;
  min: number;
  max: number;
  label: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  onCommit: (count: number) => void;
}) {
  const { t } = useTranslation('cart');
  const [draft, setDraft] = useState<string | null>(null);
  const commitDraft = () => {
    if (draft === null) return;
    setDraft(null);
    if (draft.trim() !== String(value)) onCommit(parseQuantity(draft));
  };
  return (
    <div className="cart-stepper" role="group" aria-label={label}>
      <Button size="small" icon={<MinusOutlined aria-hidden="true" />} aria-label={t('quantity.decrease')} disabled={value <= min} onClick={() => onCommit(value - 1)} />
      <Input
        size="small"
        className="cart-stepper-input"
        inputMode="numeric"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        status={invalid ? 'error' : undefined}
        value={draft ?? String(value)}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commitDraft}
        onPressEnter={commitDraft}
      />
      <Button size="small" icon={<PlusOutlined aria-hidden="true" />} aria-label={t('quantity.increase')} disabled={value >= max} onClick={() => onCommit(value + 1)} />
    </div>
  );
}
