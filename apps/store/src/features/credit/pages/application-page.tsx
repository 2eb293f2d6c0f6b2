// /credit/application (?creditId=<rejected loan> to re-apply): the introduction and conditions, then the
// application with its cost disclosure.
import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBeforeReapply } from '../api/get-before-reapply.ts';
import { useCreditConfig } from '../api/get-credit-config.ts';
import { ApplicationForm } from '../components/application-form.tsx';
import { LoanIntro } from '../components/loan-intro.tsx';
import { reapplyValues } from '../credit-rules.ts';

export default function ApplicationPage() {
  const { t } = useTranslation('credit');
  const [searchParams] = useSearchParams();
  const creditId = searchParams.get('creditId')?.trim() || undefined;
  const config = useCreditConfig();
  const reapply = useBeforeReapply(creditId);

  return (
    <>
      <LoanIntro config={config.data} />
      {config.isPending || (creditId && reapply.isPending) ? (
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
            key={reapply.isSuccess ? creditId : 'new'}
            config={config.data}
            initial={reapply.isSuccess ? reapplyValues(reapply.data) : {}}
            creditId={reapply.isSuccess ? creditId : undefined}
          />
        </>
      )}
    </>
  );
}
