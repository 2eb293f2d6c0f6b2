import { Radio } from 'antd';
import type { ReactNode } from 'react';

/**
 * A list's states as a row of buttons (one chosen), wrapping onto more lines when the labels are long:
 * antd's tabs hide what does not fit behind a "more" button inside the tab list, which screen readers
 * and axe reject, and long translations always overflow somewhere.
 */
export function StateFilter<K extends string>({ label, value, options, onChange }: { label: string; value: K; options: { value: K; label: ReactNode }[]; onChange: (value: K) => void }) {
  return (
    <Radio.Group
      aria-label={label}
      className="seller-state-filter"
      optionType="button"
      buttonStyle="solid"
      value={value}
      options={options}
      onChange={(event) => onChange(event.target.value as K)}
    />
  );
}
