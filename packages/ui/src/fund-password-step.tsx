import { Alert, Input } from 'antd';
import { useCallback, useId, useState, type ReactNode } from 'react';
import { checkFundPassword, FUND_PASSWORD_LENGTH, fundPasswordInput, type FundPasswordProblem } from './fund-password.ts';
import { useUiContext } from './ui-context.tsx';

/** What a fund-password step keeps: the digits typed and what is wrong with them after a submit. */
export function useFundPasswordField() {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<FundPasswordProblem | undefined>(undefined);
  const change = useCallback((raw: string) => {
    setValue(fundPasswordInput(raw));
    setProblem(undefined);
  }, []);
  /** Checks the value with the fund-password rules; true when it may be sent. */
  const validate = useCallback((): boolean => {
    const invalid = checkFundPassword(value);
    setProblem(invalid);
    return invalid === undefined;
  }, [value]);
  const clear = useCallback(() => {
    setValue('');
    setProblem(undefined);
  }, []);
  return { value, problem, change, validate, clear };
}

export type FundPasswordField = ReturnType<typeof useFundPasswordField>;

/** Each caller keeps its own look (its feature's CSS classes, which the e2e tests also find). */
export interface FundPasswordStepClasses {
  alert: string;
  link: string;
  form: string;
  label: string;
  input: string;
  error: string;
}

/** Each caller's translated texts, from the namespace it already uses. */
export interface FundPasswordStepTexts {
  missing: string;
  setFundPassword: string;
  label: string;
  placeholder?: string;
  problem: (problem: FundPasswordProblem) => string;
}

/**
 * The fund-password step before money leaves the wallet (paying orders, repaying a loan, accepting orders in the seller panel): "set a fund
 * password first" with a link when there is none, else a form with the labelled 6-digit field, submitted
 * with Enter; `children` come after the field inside the form (errors, the submit button).
 */
export function FundPasswordStep({
  field,
  missing,
  onSubmit,
  texts,
  classes,
  testId,
  dir,
  children,
}: {
  field: FundPasswordField;
  missing: boolean;
  onSubmit: () => unknown;
  texts: FundPasswordStepTexts;
  classes: FundPasswordStepClasses;
  testId: string;
  dir?: 'ltr';
  children?: ReactNode;
}) {
  const fieldId = useId();
  const errorId = useId();
  const { FundPasswordLink } = useUiContext();
  if (missing) {
    return (
      <Alert
        type="warning"
        showIcon
        className={classes.alert}
        title={texts.missing}
        action={
          <FundPasswordLink className={classes.link}>{texts.setFundPassword}</FundPasswordLink>
        }
      />
    );
  }
  const { problem } = field;
  return (
    <form
      className={classes.form}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <label htmlFor={fieldId} className={classes.label}>
        {texts.label}
      </label>
      <Input.Password
        id={fieldId}
        className={classes.input}
        value={field.value}
        onChange={(event) => field.change(event.target.value)}
        inputMode="numeric"
        autoComplete="off"
        dir={dir}
        maxLength={FUND_PASSWORD_LENGTH}
        placeholder={texts.placeholder}
        status={problem ? 'error' : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        data-testid={testId}
      />
      {problem ? (
        <p id={errorId} className={classes.error} role="alert">
          {texts.problem(problem)}
        </p>
      ) : null}
      {children}
    </form>
  );
}
