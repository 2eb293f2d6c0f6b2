// /credit/application (?creditId=<rejected loan> to re-apply): the introduction and conditions, then the
// application with its cost disclosure.
import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBeforeReapply } from '../api/get-before-reapply.ts';
import { useCreditConfig } from '../api/get-credit-config.ts';
import { ApplicationForm } from '../components/application-form.tsx';
import { LoanIntro } from '../components/loan-intro.tsx';
import { kycPrefill, reapplyValues } from '../credit-rules.ts';
import { useKyc, useKycViewer } from '../../../components/kyc-api.ts';

export default function ApplicationPage() {
  const { t } = useTranslation('credit');
  const [searchParams] = useSearchParams();
  const creditId = searchParams.get('creditId')?.trim() || undefined;
  const config = useCreditConfig();
  const reapply = useBeforeReapply(creditId);
  // a new application starts from the passed real-name verification (name, document number, nationality)
  const kyc = useKyc(useKycViewer());

  return (
    <>
      <LoanIntro config={config.data} />
      {config.isPending || (creditId && reapply.isPending) || (!creditId && kyc.isPending && kyc.fetchStatus !== 'idle') ? (
        <Skeleton active />
      ) : config.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('form.loadFailed')}
          action={
            <Button size="small" onClick={() => void config.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        <>
          {creditId && reapply.isError ? <Alert type="warning" showIcon className="credit-alert" title={t('form.reapplyFailed')} /> : null}
          <ApplicationForm
            key={reapply.isSuccess ? creditId : `new-${kyc.data?.status ?? 0}`}
            config={config.data}
            initial={reapply.isSuccess ? reapplyValues(reapply.data) : kycPrefill(kyc.data)}
            creditId={reapply.isSuccess ? creditId : undefined}
          />
        </>
      )}
    </>
  );
}
