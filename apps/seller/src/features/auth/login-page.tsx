import { PanelLoginPage } from '@caravan/ui/panel-login.tsx';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATHS, SETTLE_IN_URL } from '../../app/paths.ts';
import { LanguageSelect } from '../../components/language-select.tsx';
import { errorText } from '../../lib/api.ts';
import { session, useSession } from '../../lib/session.ts';
import { useLogIn, type LoginOutcome } from './api.ts';

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
  const login = useLogIn();
  return (
    <PanelLoginPage
      signedIn={useSession() !== null}
      takeEndReason={session.takeEndReason}
      loginPath={PATHS.login}
      homePath={PATHS.dashboard}
      login={login}
      errorText={errorText}
      languageSelect={<LanguageSelect />}
      notice={login.data?.kind === 'noShop' ? <NoShop outcome={login.data} /> : null}
      footer={
        <Typography.Paragraph style={{ marginBlock: '16px 0' }}>
          {t('common:login.noAccount')} <a href={SETTLE_IN_URL}>{t('common:login.applyLink')}</a>
        </Typography.Paragraph>
      }
    />
  );
}
