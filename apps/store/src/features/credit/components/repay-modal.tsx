import { money, tryParseMoney } from '@caravan/contract/money';
import { ApiError } from '@caravan/ui/api-client';
import { Alert, Modal, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '@caravan/ui/amount.tsx';
import { useMessage } from '../../../components/feedback.tsx';
import { FundPasswordStep, useFundPasswordField, type FundPasswordStepClasses } from '@caravan/ui/fund-password-step.tsx';
import { LinkAlert } from '../../../components/link-alert.tsx';
import { FUND_PASSWORD_LENGTH } from '@caravan/ui/fund-password';
import { afterFailure, intentFor, newIntentKey, type Intent } from '../../cart/lib/intent-key.ts';
import { isFundPasswordMissing } from '@caravan/ui/wallet/api/apply-withdraw';
import { useHasFundPassword } from '@caravan/ui/wallet/api/get-fund-password-status';
import { RECHARGE_PATH } from '../../wallet/recharge-flow.ts';
import { useBeforePay } from '../api/get-before-pay.ts';
import { usePayCredit } from '../api/pay-credit.ts';
import { ratePercent } from '../credit-rules.ts';

/** Whether the balance covers the repayment; undefined while either is unknown. */
function covers(balance: string | undefined, due: string | undefined): boolean | undefined {
  const have = tryParseMoney(balance);
  const need = tryParseMoney(due);
  return have.ok && need.ok ? money.cmp(have.value, need.value) >= 0 : undefined;
}

const REPAY_CLASSES: FundPasswordStepClasses = {
  alert: 'credit-alert',
  link: 'credit-link-button',
  form: 'credit-repay-form',
  label: 'credit-field-label',
  input: 'credit-fund-password',
  error: 'credit-error',
};

/**
 * Repaying a loan from the wallet (credit!beforepay, then credit!pay with the fund password): what it
 * takes now, the balance, and the store's usual fund-password field and "set a fund password first".
 */
export function RepayModal({ creditId, open, onClose }: { creditId: string | undefined; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('credit');
  const message = useMessage();
  const before = useBeforePay(open ? creditId : undefined);
  const fundPassword = useHasFundPassword();
  const pay = usePayCredit();
  const intent = useRef<Intent | undefined>(undefined);
  const field = useFundPasswordField();
  const { clear } = field;
  const [lowBalance, setLowBalance] = useState(false);

  useEffect(() => {
    if (!open) return;
    intent.current = undefined;
    clear();
    setLowBalance(false);
  }, [open, clear]);

  const noFundPassword = fundPassword.data === false || isFundPasswordMissing(pay.error);
  const enough = covers(before.data?.accountAmount, before.data?.estimatePayment);
  const rate = ratePercent(before.data?.creditRate);

  const submit = async () => {
    if (!field.validate() || !creditId) return;
    // one idempotency key per intent to repay this loan: a retry after no answer reuses it
    intent.current = intentFor(intent.current, creditId, () => newIntentKey());
    try {
      await pay.mutateAsync({ creditId, safeword: field.value, idempotencyKey: intent.current.key });
      void message.success(t('repay.done'));
      onClose();
    } catch (error) {
      // the API client has shown the server's message; here only what to do next
      intent.current = afterFailure(intent.current, error);
      setLowBalance(error instanceof ApiError && error.errorKey === 'wallet.balance_insufficient');
      clear();
    }
  };

  return (
    <Modal
      open={open}
      title={t('repay.title')}
      okText={t('repay.submit')}
      cancelText={t('repay.close')}
      onOk={() => void submit()}
      okButtonProps={{ disabled: noFundPassword || before.isPending || before.isError, 'data-testid': 'credit-repay-submit' }}
      onCancel={() => {
        if (!pay.isPending) onClose();
      }}
      confirmLoading={pay.isPending}
      destroyOnHidden
    >
      {before.isPending ? <Skeleton active /> : null}
      {before.isError ? <Alert type="error" showIcon title={before.error.message || t('repay.loadFailed')} /> : null}
      {before.data ? (
        <dl className="credit-figures credit-figures-compact">
          <div>
            <dt>{t('repay.due')}</dt>
            <dd data-testid="credit-repay-due">
              <Amount value={before.data.estimatePayment} unit="USDT" className="credit-strong" />
            </dd>
          </div>
          <div>
            <dt>{t('repay.balance')}</dt>
            <dd>
              <Amount value={before.data.accountAmount} unit="USDT" />
            </dd>
          </div>
          <div>
            <dt>{t('repay.days')}</dt>
            <dd>
              <bdi>{t('form.days', { count: before.data.alreadyCreditDays })}</bdi>
            </dd>
          </div>
          <div>
            <dt>{t('cost.rate')}</dt>
            <dd>
              <bdi>{rate === undefined ? '--' : t('cost.perDay', { rate })}</bdi>
            </dd>
          </div>
        </dl>
      ) : null}
      {enough === false || lowBalance ? (
        <LinkAlert title={t('repay.lowBalance')} to={RECHARGE_PATH} linkText={t('repay.recharge')} className="credit-alert" linkClassName="credit-link-button" />
      ) : null}
      <FundPasswordStep
        field={field}
        missing={noFundPassword}
        onSubmit={submit}
        texts={{
          missing: t('repay.noFundPassword'),
          setFundPassword: t('repay.setFundPassword'),
          label: t('repay.fundPassword'),
          problem: (problem) => t(problem === 'required' ? 'repay.fundPasswordRequired' : 'repay.fundPasswordFormat', { length: FUND_PASSWORD_LENGTH }),
        }}
        classes={REPAY_CLASSES}
        testId="credit-fund-password"
        dir="ltr"
      />
    </Modal>
  );
}
