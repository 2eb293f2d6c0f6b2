// /login: user name (or e-mail or phone) and password. Afterwards the user goes back where the
// login was asked for (`redirect`, same-site paths only) or home.
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { checkExistingPassword, EXISTING_PASSWORD_MAX } from '../account-rules.ts';
import { useLogin, type LoginInput } from '../api/login.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormError } from '../components/form-error.tsx';
import { useFieldRule } from '../components/use-field-rule.ts';
import { safeRedirect } from '../safe-redirect.ts';
import '../account.css';
import { useMessage } from '../../../components/feedback.tsx';

const LOGIN_NAME_MAX = 100;

export default function LoginPage() {
  const { t } = useTranslation('account');
  const message = useMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const { token } = useSession();
  const rule = useFieldRule();
  const login = useLogin();

  // already signed in (e.g. the back button after logging in): go on to where the user was going
  if (token && login.isIdle) return <Navigate to={target} replace />;

  const submit = (values: LoginInput) => {
    login.mutate(values, {
      onSuccess: (grant) => {
        void message.success(t('login.welcome', { name: grant.username }));
        void navigate(target, { replace: true });
      },
    });
  };

  const registerLink = target === '/index' ? '/register' : `/register?redirect=${encodeURIComponent(target)}`;

  return (
    <AuthCard title={t('login.title')} intro={t('login.intro')}>
      <Form<LoginInput> name="login" layout="vertical" requiredMark={false} onFinish={submit} onValuesChange={() => login.reset()} disabled={login.isPending}>
        <Form.Item
          name="username"
          label={t('login.username')}
          extra={t('login.usernameHint')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
        >
          <Input name="username" autoComplete="username" prefix={<UserOutlined aria-hidden="true" />} maxLength={LOGIN_NAME_MAX} autoFocus size="large" />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[rule(checkExistingPassword)]}>
          <Input.Password name="password" autoComplete="current-password" prefix={<LockOutlined aria-hidden="true" />} maxLength={EXISTING_PASSWORD_MAX} size="large" />
        </Form.Item>
        <FormError error={login.error} />
        <Button type="primary" htmlType="submit" block size="large" loading={login.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
      <div className="account-auth-links">
        <span>
          {t('login.noAccount')} <Link to={registerLink}>{t('login.register')}</Link>
        </span>
        <Link to="/forgot-password" data-testid="login-forgot">
          {t('login.forgot')}
        </Link>
      </div>
    </AuthCard>
  );
}
