import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { errorText } from '../../lib/api.ts';
import { session, useSession } from '../../lib/session.ts';
import { LanguageSelect } from '../../components/language-select.tsx';
import { useLogin } from './api.ts';

export function LoginPage() {
  const { t } = useTranslation();
  const current = useSession();
  const location = useLocation();
  const login = useLogin();
  const [ended] = useState(() => session.takeEndReason());
  useEffect(() => {
    document.title = `${t('common:login.title')} · ${t('common:appName')}`;
  }, [t]);

  if (current) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from !== PATHS.login ? from : PATHS.dashboard} replace />;
  }

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 380 }}>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            {t('common:appName')}
          </Typography.Title>
          <LanguageSelect />
        </div>
        <Typography.Paragraph type="secondary">{t('common:login.subtitle')}</Typography.Paragraph>
        {ended === 'expired' ? <Alert type="warning" showIcon title={t('common:login.expired')} style={{ marginBottom: 16 }} /> : null}
        <Form layout="vertical" onFinish={(values: { username: string; password: string }) => login.mutate(values)} requiredMark={false}>
          <Form.Item name="username" label={t('common:login.username')} rules={[{ required: true, whitespace: true, message: t('common:validation.required', { field: t('common:login.username') }) }]}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t('common:login.password')} rules={[{ required: true, message: t('common:validation.required', { field: t('common:login.password') }) }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {login.error ? <Alert type="error" showIcon role="alert" title={errorText(login.error, t)} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('common:login.submit')}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
