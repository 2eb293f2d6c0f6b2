// Accepting one or several paid orders ("merchant confirmed, stocking") with the fund password: the
// shared fund-password step (the same field and rules as paying in the store), in a dialog that says
// which orders it accepts. The seller never pays anything here.
import { FundPasswordStep, useFundPasswordField } from '@caravan/ui/fund-password-step.tsx';
import { FUND_PASSWORD_LENGTH } from '@caravan/ui/fund-password';
import { isFundPasswordMissing } from '@caravan/ui/wallet/api/apply-withdraw';
import { useHasFundPassword } from '@caravan/ui/wallet/api/get-fund-password-status';
import { Alert, App, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/api.ts';
import { usePushOrders } from './api.ts';

const CLASSES = { alert: 'seller-fund-alert', link: 'seller-fund-link', form: 'seller-fund-form', label: 'seller-fund-label', input: 'seller-fund-input', error: 'seller-fund-error' };

export function PushModal({ orderIds, onClose, onPushed }: { orderIds: string[]; onClose: () => void; onPushed: () => void }) {
  const { t } = useTranslation(['sales', 'common']);
  const { message } = App.useApp();
  const field = useFundPasswordField();
  const fundPassword = useHasFundPassword();
  const push = usePushOrders();
  const missing = fundPassword.data === false || isFundPasswordMissing(push.error);
  const open = orderIds.length > 0;

  const close = () => {
    field.clear();
    push.reset();
    onClose();
  };

  const submit = () => {
    if (missing || push.isPending || !field.validate()) return;
    push.mutate(
      { orderIds, safeword: field.value },
      {
        onSuccess: () => {
          void message.success(t('sales:push.done', { number: orderIds.length }));
          field.clear();
          push.reset();
          onPushed();
        },
        onError: () => field.clear(),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('sales:push.title', { number: orderIds.length })}
      okText={t('sales:push.ok')}
      cancelText={t('common:actions.cancel')}
      onOk={submit}
      onCancel={close}
      okButtonProps={{ disabled: missing }}
      confirmLoading={push.isPending}
      destroyOnHidden
    >
      <p>{t('sales:push.text')}</p>
      <ul dir="ltr" style={{ paddingInlineStart: 20 }} data-testid="push-orders">
        {orderIds.map((id) => (
          <li key={id} className="seller-mono">
            {id}
          </li>
        ))}
      </ul>
      <FundPasswordStep
        field={field}
        missing={missing}
        onSubmit={submit}
        testId="push-fund-password"
        dir="ltr"
        classes={CLASSES}
        texts={{
          missing: t('sales:push.noFundPassword'),
          setFundPassword: t('sales:push.setFundPassword'),
          label: t('sales:push.fundPassword'),
          problem: (problem) => t(`sales:push.problems.${problem}`, { number: FUND_PASSWORD_LENGTH }),
        }}
      />
      {push.error && !missing ? <Alert type="error" showIcon role="alert" title={errorText(push.error, t)} style={{ marginBlockStart: 12 }} /> : null}
    </Modal>
  );
}
