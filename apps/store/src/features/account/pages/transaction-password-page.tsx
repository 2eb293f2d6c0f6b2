// /userInfo/setup/transaction-password: the fund password (6 digits) asked before payments and
// withdrawals. Set once; afterwards changed with the old one.
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { checkConfirmation, checkDifferentFromOld, checkExistingFundPassword, checkNewFundPassword, FUND_PASSWORD_CHECK_MAX } from '../account-rules.ts';
import { useChangeFundPassword, useSetFundPassword, type ChangeFundPasswordInput } from '../api/fund-password.ts';
import { useUserInfo } from '../api/user-info.ts';
import { AccountPage } from '../components/account-page.tsx';
import { FormError } from '../components/form-error.tsx';
import { useFieldRule } from '../components/use-field-rule.ts';
import '../account.css';
import { useMessage } from '../../../components/feedback.tsx';

type FundPasswordValues = Partial<ChangeFundPasswordInput>;

/** Fund passwords are digits: a numeric keypad on phones, and no browser password saving. */
const digitsInput = { inputMode: 'numeric' as const, autoComplete: 'off', maxLength: 6 };

function FundPasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation('account');
  const message = useMessage();
  const [form] = Form.useForm<FundPasswordValues>();
  const rule = useFieldRule();
  const setPassword = useSetFundPassword();
  const changePassword = useChangeFundPassword();
  const mutation = hasPassword ? changePassword : setPassword;

  const submit = (values: FundPasswordValues) => {
    const done = {
      onSuccess: () => {
        form.resetFields();
        void message.success(hasPassword ? t('fundPassword.changed') : t('fundPassword.saved'));
      },
    };
    const safeword = values.safeword ?? '';
    const re_safeword = values.re_safeword ?? '';
    if (hasPassword) changePassword.mutate({ old_safeword: values.old_safeword ?? '', safeword, re_safeword }, done);
    else setPassword.mutate({ safeword, re_safeword }, done);
  };

  return (
    <Form<FundPasswordValues>
      form={form}
      name="fund-password"
      layout="vertical"
      className="account-narrow-form"
      onFinish={submit}
      onValuesChange={() => mutation.reset()}
      disabled={mutation.isPending}
    >
      {hasPassword && (
        <Form.Item name="old_safeword" label={t('fundPassword.old')} required rules={[rule(checkExistingFundPassword)]}>
          <Input.Password name="old_safeword" {...digitsInput} maxLength={FUND_PASSWORD_CHECK_MAX} />
        </Form.Item>
      )}
      <Form.Item
        name="safeword"
        label={hasPassword ? t('fundPassword.new') : t('fundPassword.password')}
        extra={t('fundPassword.hint')}
        required
        dependencies={hasPassword ? ['old_safeword'] : []}
        rules={[rule(checkNewFundPassword), ({ getFieldValue }) => rule((value) => (hasPassword ? checkDifferentFromOld(value, String(getFieldValue('old_safeword') ?? '')) : undefined))]}
      >
        <Input.Password name="safeword" {...digitsInput} />
      </Form.Item>
      <Form.Item
        name="re_safeword"
        label={t('fundPassword.confirm')}
        required
        dependencies={['safeword']}
        rules={[({ getFieldValue }) => rule((value) => checkConfirmation(value, String(getFieldValue('safeword') ?? '')))]}
      >
        <Input.Password name="re_safeword" {...digitsInput} />
      </Form.Item>
      <FormError error={mutation.error} />
      <Button type="primary" htmlType="submit" loading={mutation.isPending} data-testid="fund-password-submit">
        {hasPassword ? t('fundPassword.changeSubmit') : t('fundPassword.setSubmit')}
      </Button>
    </Form>
  );
}

export default function TransactionPasswordPage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const profile = useUserInfo();
  const known = profile.data?.safeword ?? (profile.isError ? user?.safeword : undefined);
  const hasPassword = known === 1;
  return (
    <AccountPage title={hasPassword ? t('fundPassword.changeTitle') : t('fundPassword.title')} back={{ to: '/userInfo/setup/index', label: t('setup.back') }}>
      <p className="account-muted">{t('fundPassword.intro')}</p>
      {known === undefined ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <>
          {!hasPassword && <Alert className="account-form-note" type="info" showIcon title={t('fundPassword.notSetYet')} />}
          {/* a new form when the state flips, so a set form never submits as a change */}
          <FundPasswordForm key={hasPassword ? 'change' : 'set'} hasPassword={hasPassword} />
        </>
      )}
    </AccountPage>
  );
}
