import { useTranslation } from 'react-i18next';
import type { ValidationKey } from '../account-rules.ts';

type Check = (value: string) => ValidationKey | undefined;

/** An antd form rule object (usable as is, or returned from a rule function that reads other fields). */
export interface CheckRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

/** Turns a pure check of account-rules.ts into an antd form rule with a translated message. */
export function useFieldRule(): (check: Check) => CheckRule {
  const { t } = useTranslation('account');
  return (check) => ({
    validator: (_rule, value) => {
      const key = check(typeof value === 'string' ? value : '');
      return key ? Promise.reject(new Error(t(key))) : Promise.resolve();
    },
  });
}
