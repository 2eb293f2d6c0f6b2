// The login page of a panel app (operator console, seller panel): the app's name and language choice, why
// the last session ended, user name and password, the server's refusal. A visitor who is signed in goes
// on to where they were going. Texts come from the app's `common:login.*` messages.
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';

export interface PanelLoginInput {
  username: string;
  password: string;
}

export function PanelLoginPage(props: {
  signedIn: boolean;
  /** 'expired' once after the last session was ended by the server or the clock */
  takeEndReason(): 'expired' | undefined;
  loginPath: string;
  homePath: string;
  login: { mutate(values: PanelLoginInput): void; error: unknown; isPending: boolean };
  errorText(error: unknown, t: TFunction): string;
  languageSelect: ReactNode;
  /** shown above the form (e.g. why this account cannot enter yet) */
  notice?: ReactNode;
  /** shown below the form */
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const [ended] = useState(() => props.takeEndReason());
  useEffect(() => {
    document.title = `${t('common:login.title')} · ${t('common:appName')}`;
  }, [t]);

  if (props.signedIn) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from !== props.loginPath ? from : props.homePath} replace />;
  }

  const { login } = props;
  return (
    <main style={{ minBlockSize: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5', padding: 16, boxSizing: 'border-box' }}>
      <Card style={{ width: 400, maxWidth: '100%' }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            {t('common:appName')}
          </Typography.Title>
          {props.languageSelect}
        </div>
        <Typography.Paragraph type="secondary">{t('common:login.subtitle')}</Typography.Paragraph>
        {ended === 'expired' ? <Alert type="warning" showIcon title={t('common:login.expired')} style={{ marginBottom: 16 }} /> : null}
        {props.notice}
        <Form<PanelLoginInput> layout="vertical" onFinish={(values) => login.mutate(values)} requiredMark={false}>
          <Form.Item name="username" label={t('common:login.username')} rules={[{ required: true, whitespace: true, message: t('common:validation.required', { field: t('common:login.username') }) }]}>
            <Input autoComplete="username" autoFocus dir="ltr" />
          </Form.Item>
          <Form.Item name="password" label={t('common:login.password')} rules={[{ required: true, message: t('common:validation.required', { field: t('common:login.password') }) }]}>
            <Input.Password autoComplete="current-password" dir="ltr" />
          </Form.Item>
          {login.error ? <Alert type="error" showIcon role="alert" title={props.errorText(login.error, t)} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('common:login.submit')}
          </Button>
        </Form>
        {props.footer}
      </Card>
    </main>
  );
}
