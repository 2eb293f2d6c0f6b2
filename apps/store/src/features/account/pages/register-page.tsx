// /register: an account by user name, e-mail or phone number and a password; the answer carries a
// session, so the new user is signed in straight away. A referral code saved from `?code=` is sent
// as the invitation code.
import { STORAGE_KEYS } from '@caravan/ui/storage';
import { Button, Checkbox, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import brand from 'virtual:brand';
import { store, useSession } from '../../../lib/session.ts';
import {
  agentCodeOrDefault,
  checkAgentCode,
  checkAreaCode,
  checkConfirmation,
  checkEmail,
  checkNewPassword,
  checkPhoneNumber,
  checkUsername,
  EMAIL_MAX,
  PASSWORD_MAX,
  REGISTRATION_TYPES,
  registrationName,
  type RegistrationKind,
} from '../account-rules.ts';
import { useRegister } from '../api/register.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { FormError } from '../components/form-error.tsx';
import { useFieldRule } from '../components/use-field-rule.ts';
import { safeRedirect } from '../safe-redirect.ts';
import { informationPath } from '../../../lib/information-links.ts';
import '../account.css';
import { useMessage } from '../../../components/feedback.tsx';

interface RegisterValues {
  kind: RegistrationKind;
  username?: string;
  email?: string;
  areaCode?: string;
  phone?: string;
  password: string;
  re_password: string;
  agentCode?: string;
  terms: boolean;
}

const KINDS: RegistrationKind[] = ['username', 'email', 'phone'];

export default function RegisterPage() {
  const { t } = useTranslation('account');
  const message = useMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const { token } = useSession();
  const rule = useFieldRule();
  const registration = useRegister();
  const [form] = Form.useForm<RegisterValues>();
  const [kind, setKind] = useState<RegistrationKind>('username');
  const [storedCode] = useState(() => store.getItem(STORAGE_KEYS.agentCode) ?? '');

  if (token && registration.isIdle) return <Navigate to={target} replace />;

  const submit = (values: RegisterValues) => {
    const name =
      values.kind === 'phone'
        ? registrationName('phone', values.phone ?? '', values.areaCode ?? '')
        : registrationName(values.kind, (values.kind === 'email' ? values.email : values.username) ?? '');
    registration.mutate(
      {
        username: name,
        type: REGISTRATION_TYPES[values.kind],
        password: values.password,
        re_password: values.re_password,
        agentCode: agentCodeOrDefault(values.agentCode),
      },
      {
        onSuccess: () => {
          void message.success(t('register.done'));
          void navigate(target, { replace: true });
        },
      },
    );
  };

  // the privacy policy, in a new tab so the form keeps what was typed
  const termsUrl = informationPath('privacy');
  const loginLink = target === '/index' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;

  return (
    <AuthCard title={t('register.title')} intro={t('register.intro', { brand: brand.name })}>
      <Form<RegisterValues>
        form={form}
        name="register"
        layout="vertical"
        requiredMark={false}
        initialValues={{ kind: 'username', areaCode: '', agentCode: storedCode, terms: false }}
        onFinish={submit}
        onValuesChange={(changed: Partial<RegisterValues>) => {
          registration.reset();
          if (changed.kind) setKind(changed.kind);
        }}
        disabled={registration.isPending}
      >
        <Form.Item name="kind" label={t('register.kind')}>
          <Radio.Group optionType="button" buttonStyle="solid" options={KINDS.map((value) => ({ value, label: t(`register.kinds.${value}`) }))} />
        </Form.Item>

        {kind === 'username' && (
          <Form.Item name="username" label={t('register.username')} extra={t('register.usernameHint')} rules={[rule(checkUsername)]}>
            <Input name="username" autoComplete="username" maxLength={30} size="large" />
          </Form.Item>
        )}
        {kind === 'email' && (
          <Form.Item name="email" label={t('register.email')} rules={[rule(checkEmail)]}>
            <Input name="email" type="email" autoComplete="email" maxLength={EMAIL_MAX} size="large" dir="ltr" />
          </Form.Item>
        )}
        {kind === 'phone' && (
          <div className="account-phone-row">
            <Form.Item className="account-phone-area" name="areaCode" label={t('register.areaCode')} rules={[rule(checkAreaCode)]}>
              <Input name="areaCode" placeholder="+1" autoComplete="tel-country-code" inputMode="tel" maxLength={5} size="large" dir="ltr" />
            </Form.Item>
            <Form.Item
              className="account-phone-number"
              name="phone"
              label={t('register.phone')}
              dependencies={['areaCode']}
              rules={[({ getFieldValue }) => rule((value) => checkPhoneNumber(value, String(getFieldValue('areaCode') ?? '')))]}
            >
              <Input name="phone" autoComplete="tel-national" inputMode="tel" maxLength={20} size="large" dir="ltr" />
            </Form.Item>
          </div>
        )}

        <Form.Item name="password" label={t('register.password')} extra={t('register.passwordHint')} rules={[rule(checkNewPassword)]}>
          <Input.Password name="password" autoComplete="new-password" maxLength={PASSWORD_MAX} size="large" />
        </Form.Item>
        <Form.Item
          name="re_password"
          label={t('register.confirmPassword')}
          dependencies={['password']}
          rules={[({ getFieldValue }) => rule((value) => checkConfirmation(value, String(getFieldValue('password') ?? '')))]}
        >
          <Input.Password name="re_password" autoComplete="new-password" maxLength={PASSWORD_MAX} size="large" />
        </Form.Item>
        <Form.Item name="agentCode" label={t('register.agentCode')} extra={t('register.agentCodeHint')} rules={[rule(checkAgentCode)]}>
          <Input name="agentCode" autoComplete="off" maxLength={32} size="large" dir="ltr" />
        </Form.Item>
        <Form.Item
          name="terms"
          valuePropName="checked"
          rules={[{ validator: (_rule, value: unknown) => (value === true ? Promise.resolve() : Promise.reject(new Error(t('validation.terms')))) }]}
        >
          <Checkbox name="terms">
            <Trans t={t} i18nKey="register.terms" components={{ terms: <a href={termsUrl} target="_blank" rel="noreferrer" /> }} />
          </Checkbox>
        </Form.Item>
        <FormError error={registration.error} />
        <Button type="primary" htmlType="submit" block size="large" loading={registration.isPending} data-testid="register-submit">
          {t('register.submit')}
        </Button>
      </Form>
      <div className="account-auth-links">
        <span>
          {t('register.haveAccount')} <Link to={loginLink}>{t('register.login')}</Link>
        </span>
      </div>
    </AuthCard>
  );
}
