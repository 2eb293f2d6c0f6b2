// /merchantSettled: become a merchant (spec §1 settle-in entry). Visitors are asked to log in; a user
// sees, from merchantSettled!get, the way to the seller panel once the shop exists, the application
// under review, the operator's reason after a refusal with the form prefilled to apply again, or the
// form itself.
import { Alert, Result, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { useSettleStatus, useSettleViewer } from '../api/settle-status.ts';
import { ApplicationDetails } from '../components/application-details.tsx';
import { SettleForm } from '../components/settle-form.tsx';
import { MERCHANT_SETTLED_PATH, SELLER_PANEL_PATH, settleViewOf, valuesFromApplication } from '../settle-rules.ts';
import '../sellers.css';

function LoginPrompt() {
  const { t } = useTranslation('sellers');
  return (
    <Result
      status="info"
      title={t('login.title')}
      subTitle={t('login.text')}
      extra={
        <>
          <Link className="ant-btn ant-btn-primary ant-btn-lg" to={`/login?redirect=${encodeURIComponent(MERCHANT_SETTLED_PATH)}`} data-testid="settle-login">
            {t('login.action')}
          </Link>{' '}
          <Link className="ant-btn ant-btn-default ant-btn-lg" to={`/register?redirect=${encodeURIComponent(MERCHANT_SETTLED_PATH)}`}>
            {t('login.register')}
          </Link>
        </>
      }
    />
  );
}

function SettleStatusView({ viewer }: { viewer: string }) {
  const { t } = useTranslation('sellers');
  const status = useSettleStatus(viewer);
  if (status.isPending) return <Skeleton active />;
  if (status.isError) return <LoadFailed title={t('loadFailed')} retry={t('retry')} onRetry={() => void status.refetch()} />;
  const { application } = status.data;
  switch (settleViewOf(status.data)) {
    case 'seller':
      return (
        <Result
          status="success"
          title={t('seller.title')}
          subTitle={t('seller.text')}
          extra={
            <a className="ant-btn ant-btn-primary ant-btn-lg" href={SELLER_PANEL_PATH} data-testid="settle-seller-panel">
              {t('seller.open')}
            </a>
          }
        />
      );
    case 'pending':
      return application ? (
        <section className="settle-card" aria-labelledby="settle-pending-title" data-testid="settle-pending">
          <h2 id="settle-pending-title" className="settle-section-title">
            {t('status.pendingTitle')} <Tag color="processing">{t('status.pending')}</Tag>
          </h2>
          <p className="settle-hint">{t('status.pendingText')}</p>
          <ApplicationDetails application={application} />
        </section>
      ) : null;
    case 'rejected':
      return (
        <>
          <Alert
            type="warning"
            showIcon
            className="settle-alert"
            data-testid="settle-rejected"
            title={t('status.rejectedTitle')}
            description={
              <>
                <span>{t('status.reason')}</span> <span dir="auto">{application?.reason || t('status.noReason')}</span>
              </>
            }
          />
          <SettleForm key={application?.id ?? 'again'} viewer={viewer} initial={valuesFromApplication(application)} again />
        </>
      );
    case 'form':
      return <SettleForm key="new" viewer={viewer} initial={{}} again={false} />;
  }
}

export default function MerchantSettledPage() {
  const { t } = useTranslation('sellers');
  const viewer = useSettleViewer();
  return (
    <main className="settle-page">
      <header className="settle-header">
        <h1 className="settle-title">{t('title')}</h1>
        <p className="settle-lead">{t('lead')}</p>
      </header>
      {viewer ? <SettleStatusView viewer={viewer} /> : <LoginPrompt />}
    </main>
  );
}
