import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { PATHS, SETTLE_IN_URL } from '../../app/paths.ts';
import { LanguageSelect } from '../../components/language-select.tsx';
import { errorText } from '../../lib/api.ts';
import { session, useSession } from '../../lib/session.ts';
import { useLogIn, type LoginInput, type LoginOutcome } from './api.ts';

/** An account without a shop: where to apply, or how its application stands. */
function NoShop({ outcome }: { outcome: Extract<LoginOutcome, { kind: 'noShop' }> }) {
  const { t } = useTranslation();
  const application = outcome.application;
  const state = application?.state;
  const title = state === 'pending' ? t('common:login.applicationPending') : state === 'rejected' ? t('common:login.applicationRejected') : t('common:login.noShop');
  return (
    <Alert
      type={state === 'rejected' ? 'error' : 'info'}
      showIcon
      role="alert"
      style={{ marginBottom: 16 }}
      title={title}
      description={
        <>
          {state === 'rejected' && application?.reason ? <p style={{ marginBlock: '0 8px' }}>{t('common:login.rejectedReason', { reason: application.reason })}</p> : null}
          {state !== 'pending' ? (
            <a href={SETTLE_IN_URL} data-testid="settle-in-link">
              {t('common:login.applyLink')}
            </a>
          ) : null}
        </>
      }
    />
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const current = useSession();
  const location = useLocation();
  const login = useLogIn();
  const [ended] = useState(() => session.takeEndReason());
  useEffect(() => {
    document.title = `${t('common:login.title')} · ${t('common:appName')}`;
  }, [t]);

  if (current) {
    const from = (location.state as { from?: string } | null)?.from;
    return <Navigate to={from && from !== PATHS.login ? from : PATHS.dashboard} replace />;
  }

  return (
    <main className="seller-login">
      <Card style={{ width: 400, maxWidth: '100%' }}>
        <div className="seller-login-head">
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            {t('common:appName')}
          </Typography.Title>
          <LanguageSelect />
        </div>
        <Typography.Paragraph type="secondary">{t('common:login.subtitle')}</Typography.Paragraph>
        {ended === 'expired' ? <Alert type="warning" showIcon title={t('common:login.expired')} style={{ marginBottom: 16 }} /> : null}
        {login.data?.kind === 'noShop' ? <NoShop outcome={login.data} /> : null}
        <Form<LoginInput> layout="vertical" onFinish={(values) => login.mutate(values)} requiredMark={false}>
          <Form.Item name="username" label={t('common:login.username')} rules={[{ required: true, whitespace: true, message: t('common:validation.required', { field: t('common:login.username') }) }]}>
            <Input autoComplete="username" autoFocus dir="ltr" />
          </Form.Item>
          <Form.Item name="password" label={t('common:login.password')} rules={[{ required: true, message: t('common:validation.required', { field: t('common:login.password') }) }]}>
            <Input.Password autoComplete="current-password" dir="ltr" />
          </Form.Item>
          {login.error ? <Alert type="error" showIcon role="alert" title={errorText(login.error, t)} style={{ marginBottom: 16 }} /> : null}
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('common:login.submit')}
          </Button>
        </Form>
        <Typography.Paragraph style={{ marginBlock: '16px 0' }}>
          {t('common:login.noAccount')} <a href={SETTLE_IN_URL}>{t('common:login.applyLink')}</a>
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
