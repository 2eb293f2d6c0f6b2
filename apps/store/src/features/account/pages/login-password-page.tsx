// /userInfo/setup/login-password: old password, new password (6-12) twice. The server signs the
// user's other devices out; this one stays signed in.
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { checkConfirmation, checkDifferentFromOld, checkExistingPassword, checkNewPassword, EXISTING_PASSWORD_MAX, PASSWORD_MAX } from '../account-rules.ts';
import { useChangePassword, type ChangePasswordInput } from '../api/change-password.ts';
import { AccountPage } from '../components/account-page.tsx';
import { FormError } from '../components/form-error.tsx';
import { useFieldRule } from '../components/use-field-rule.ts';
import '../account.css';
import { useMessage } from '../../../components/feedback.tsx';

export default function LoginPasswordPage() {
  const { t } = useTranslation('account');
  const message = useMessage();
  const [form] = Form.useForm<ChangePasswordInput>();
  const rule = useFieldRule();
  const change = useChangePassword();
  const { user } = useSession();

  const submit = (values: ChangePasswordInput) => {
    change.mutate(values, {
      onSuccess: () => {
        form.resetFields();
        void message.success(t('loginPassword.done'));
      },
    });
  };

  return (
    <AccountPage title={t('loginPassword.title')} back={{ to: '/userInfo/setup/index', label: t('setup.back') }}>
      <p className="account-muted">{t('loginPassword.intro')}</p>
      <Form<ChangePasswordInput>
        form={form}
        name="login-password"
        layout="vertical"
        className="account-narrow-form"
        onFinish={submit}
        onValuesChange={() => change.reset()}
        disabled={change.isPending}
      >
        {/* lets password managers file the new password under the right account */}
        <input type="text" name="username" autoComplete="username" value={user?.username ?? ''} readOnly hidden />
        <Form.Item name="old_password" label={t('loginPassword.old')} required rules={[rule(checkExistingPassword)]}>
          <Input.Password name="old_password" autoComplete="current-password" maxLength={EXISTING_PASSWORD_MAX} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('loginPassword.new')}
          extra={t('register.passwordHint')}
          required
          dependencies={['old_password']}
          rules={[rule(checkNewPassword), ({ getFieldValue }) => rule((value) => checkDifferentFromOld(value, String(getFieldValue('old_password') ?? '')))]}
        >
          <Input.Password name="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <Form.Item
          name="re_password"
          label={t('loginPassword.confirm')}
          required
          dependencies={['password']}
          rules={[({ getFieldValue }) => rule((value) => checkConfirmation(value, String(getFieldValue('password') ?? '')))]}
        >
          <Input.Password name="re_password" autoComplete="new-password" maxLength={PASSWORD_MAX} />
        </Form.Item>
        <FormError error={change.error} />
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="login-password-submit">
          {t('loginPassword.submit')}
        </Button>
      </Form>
    </AccountPage>
  );
}
