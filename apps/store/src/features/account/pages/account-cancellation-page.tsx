// /userInfo/setup/account-cancellation: what cancelling means, then the reason, the account name
// typed out and (when one is set) the fund password. Success signs this browser out and goes home.
import { WarningFilled } from '@ant-design/icons';
import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Amount } from '@caravan/ui/amount.tsx';
import { useSession } from '../../../lib/session.ts';
import { isolate, isPositiveAmount } from '../account-links.ts';
import { CANCEL_REASON_MAX, checkAccountConfirmation, checkCancelReason, checkExistingFundPassword, FUND_PASSWORD_CHECK_MAX } from '../account-rules.ts';
import { ACCOUNT_CANCELLED_STATE, useCancelAccount } from '../api/cancel-account.ts';
import { useBalance } from '@caravan/ui/wallet/api/get-balance';
import { useUserInfo } from '../api/user-info.ts';
import { AccountPage } from '../components/account-page.tsx';
import { FormError } from '../components/form-error.tsx';
import { useFieldRule } from '../components/use-field-rule.ts';
import '../account.css';

interface CancellationValues {
  reason: string;
  account: string;
  cashPassword?: string;
  agree: boolean;
}

const CONSEQUENCES = ['signedOut', 'noLogin', 'closed', 'erased', 'nameReserved'] as const;
const CONDITIONS = ['balance', 'deposits', 'orders'] as const;

export default function AccountCancellationPage() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const { user } = useSession();
  const profile = useUserInfo();
  const balance = useBalance();
  const rule = useFieldRule();
  const username = profile.data?.username ?? user?.username ?? '';
  const hasFundPassword = (profile.data?.safeword ?? user?.safeword) === 1;
  // the app shell forgets the session once the user centre is gone (AccountCancelledFarewell)
  const cancel = useCancelAccount(() => navigate('/index', { replace: true, state: ACCOUNT_CANCELLED_STATE }));
  const hasBalance = isPositiveAmount(balance.data?.money);

  const submit = (values: CancellationValues) => {
    cancel.mutate({ account: values.account.trim(), reason: values.reason.trim(), ...(hasFundPassword ? { cashPassword: values.cashPassword ?? '' } : {}) });
  };

  return (
    <AccountPage title={t('cancellation.title')} back={{ to: '/userInfo/setup/index', label: t('setup.back') }}>
      <Alert className="account-form-note" type="warning" showIcon icon={<WarningFilled aria-hidden="true" />} title={t('cancellation.warning')} />
      <div className="account-columns">
        <section className="account-card" aria-labelledby="account-cancel-consequences">
          <h2 id="account-cancel-consequences" className="account-card-title">
            {t('cancellation.consequencesTitle')}
          </h2>
          <ul className="account-bullets">
            {CONSEQUENCES.map((key) => (
              <li key={key}>{t(`cancellation.consequences.${key}`)}</li>
            ))}
          </ul>
        </section>
        <section className="account-card" aria-labelledby="account-cancel-conditions">
          <h2 id="account-cancel-conditions" className="account-card-title">
            {t('cancellation.conditionsTitle')}
          </h2>
          <ul className="account-bullets">
            {CONDITIONS.map((key) => (
              <li key={key}>{t(`cancellation.conditions.${key}`)}</li>
            ))}
          </ul>
          {hasBalance && (
            <Alert
              type="error"
              showIcon
              title={
                <>
                  {t('cancellation.balanceLeft')} <Amount value={balance.data?.money} unit="USDT" />
                </>
              }
              description={<Link to="/userInfo/money-package/withdraw">{t('cancellation.withdrawFirst')}</Link>}
            />
          )}
        </section>
      </div>

      <section className="account-card" aria-labelledby="account-cancel-form">
        <h2 id="account-cancel-form" className="account-card-title">
          {t('cancellation.formTitle')}
        </h2>
        <Form<CancellationValues> name="account-cancellation" layout="vertical" className="account-narrow-form" onFinish={submit} onValuesChange={() => cancel.reset()} disabled={cancel.isPending}>
          <Form.Item name="reason" label={t('cancellation.reason')} required rules={[rule(checkCancelReason)]}>
            <Input.TextArea name="reason" rows={3} maxLength={CANCEL_REASON_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="account"
            label={t('cancellation.account')}
            extra={t('cancellation.accountHint', { name: isolate(username) })}
            required
            rules={[rule((value) => checkAccountConfirmation(value, username))]}
          >
            <Input name="account" autoComplete="off" spellCheck={false} />
          </Form.Item>
          {hasFundPassword && (
            <Form.Item name="cashPassword" label={t('cancellation.fundPassword')} required rules={[rule(checkExistingFundPassword)]}>
              <Input.Password name="cashPassword" inputMode="numeric" autoComplete="off" maxLength={FUND_PASSWORD_CHECK_MAX} />
            </Form.Item>
          )}
          <Form.Item
            name="agree"
            valuePropName="checked"
            rules={[{ validator: (_rule, value: unknown) => (value === true ? Promise.resolve() : Promise.reject(new Error(t('validation.agree')))) }]}
          >
            <Checkbox name="agree">{t('cancellation.agree')}</Checkbox>
          </Form.Item>
          <FormError error={cancel.error} />
          <div className="account-form-buttons">
            <Button danger type="primary" htmlType="submit" loading={cancel.isPending} data-testid="cancellation-submit">
              {t('cancellation.submit')}
            </Button>
            <Link to="/userInfo/setup/index">{t('cancellation.keep')}</Link>
          </div>
        </Form>
      </section>
    </AccountPage>
  );
}
