// /forgot-password: the account (name, e-mail or phone) and where the code goes (its bound e-mail or
// phone), a code sent with a countdown before the next one, the code and the new password twice.
// On success every session of the account has ended: the user logs in again with the new password.
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { session } from '../../../lib/session.ts';
import { checkConfirmation, checkNewPassword, PASSWORD_MAX } from '../account-rules.ts';
import { useResetPassword, useSendResetCode, type ResetChannel, type ResetPasswordInput } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormError } from '../components/form-error.tsx';
import { useCountdown } from '../components/use-countdown.ts';
import { useFieldRule } from '../components/use-field-rule.ts';
import '../account.css';
import { useMessage } from '../../../components/feedback.tsx';

const ACCOUNT_MAX = 100;
const CODE_LENGTH = 6;
/** Seconds before another code may be asked for. */
export const RESEND_SECONDS = 60;
const CHANNELS: ResetChannel[] = ['2', '1'];

export default function ForgotPasswordPage() {
  const { t } = useTranslation('account');
  const message = useMessage();
  const navigate = useNavigate();
  const rule = useFieldRule();
  const [form] = Form.useForm<ResetPasswordInput>();
  const send = useSendResetCode();
  const reset = useResetPassword();
  const countdown = useCountdown(RESEND_SECONDS);

  const sendCode = async () => {
    let values: Pick<ResetPasswordInput, 'username' | 'verifcode_type'>;
    try {
      values = await form.validateFields(['username', 'verifcode_type']);
    } catch {
      return;
    }
    reset.reset();
    send.mutate(values, {
      onSuccess: () => {
        countdown.start();
        void message.success(t('forgot.codeSent'));
      },
    });
  };

  const submit = (values: ResetPasswordInput) => {
    reset.mutate(values, {
      onSuccess: () => {
        // the server ended every session of the account, this browser's too
        if (session.token()) session.clear();
        void message.success(t('forgot.done'));
        void navigate('/login', { replace: true });
      },
    });
  };

  return (
    <AuthCard title={t('forgot.title')} intro={t('forgot.intro')}>
      <Form<ResetPasswordInput>
        form={form}
        name="forgot-password"
        layout="vertical"
        requiredMark={false}
        initialValues={{ verifcode_type: '2' }}
        onFinish={submit}
        onValuesChange={() => reset.reset()}
        disabled={reset.isPending}
      >
        <Form.Item name="username" label={t('forgot.account')} extra={t('login.usernameHint')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
          <Input name="username" autoComplete="username" prefix={<UserOutlined aria-hidden="true" />} maxLength={ACCOUNT_MAX} autoFocus size="large" />
        </Form.Item>
        <Form.Item name="verifcode_type" label={t('forgot.channel')}>
          <Radio.Group optionType="button" options={CHANNELS.map((value) => ({ value, label: t(value === '2' ? 'forgot.byEmail' : 'forgot.byPhone') }))} />
        </Form.Item>
        <Form.Item label={t('forgot.code')} required extra={t('forgot.codeHint')}>
          <Space.Compact block>
            <Form.Item name="verifcode" noStyle rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
              <Input
                name="verifcode"
                aria-label={t('forgot.code')}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={CODE_LENGTH}
                prefix={<SafetyOutlined aria-hidden="true" />}
                size="large"
                dir="ltr"
              />
            </Form.Item>
            <Button size="large" onClick={() => void sendCode()} loading={send.isPending} disabled={countdown.left > 0} data-testid="forgot-send-code">
              {countdown.left > 0 ? t('forgot.resendIn', { seconds: countdown.left }) : t('forgot.sendCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        <FormError error={send.error} />
        <Form.Item name="password" label={t('forgot.newPassword')} extra={t('register.passwordHint')} required rules={[rule(checkNewPassword)]}>
          <Input.Password name="password" autoComplete="new-password" prefix={<LockOutlined aria-hidden="true" />} maxLength={PASSWORD_MAX} size="large" />
        </Form.Item>
        <Form.Item
          name="re_password"
          label={t('forgot.confirmPassword')}
          required
          dependencies={['password']}
          rules={[({ getFieldValue }) => rule((value) => checkConfirmation(value, String(getFieldValue('password') ?? '')))]}
        >
          <Input.Password name="re_password" autoComplete="new-password" prefix={<LockOutlined aria-hidden="true" />} maxLength={PASSWORD_MAX} size="large" />
        </Form.Item>
        <FormError error={reset.error} />
        <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending} data-testid="forgot-submit">
          {t('forgot.submit')}
        </Button>
      </Form>
      <div className="account-auth-links">
        <span>
          {t('forgot.remembered')} <Link to="/login">{t('forgot.backToLogin')}</Link>
        </span>
      </div>
    </AuthCard>
  );
}
