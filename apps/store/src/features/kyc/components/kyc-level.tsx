// What one verification level (real-name, advanced) shows: loading, a failed load, the form, the
// submission under review, the operator's reason with the form prefilled to submit again, or the
// verified state; and the card its form sits in. Each level states only its query, details and form.
import { Form, Skeleton } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { ReviewSubmit, type ReviewForm } from '../../../components/review-form.tsx';
import { kycViewOf } from '../kyc-rules.ts';
import { KycRejected, KycStateCard } from './kyc-status.tsx';

interface StateText {
  title: string;
  text: string;
  testId: string;
}

interface LevelQuery<R> {
  isPending: boolean;
  isError: boolean;
  data: R | undefined;
  refetch: () => Promise<unknown>;
}

export function KycLevelState<R extends { status: number; msg: string; id: string }>({
  query,
  pending,
  passed,
  details,
  passedExtra,
  blocked,
  form,
}: {
  query: LevelQuery<R>;
  pending: StateText;
  passed: StateText;
  /** What was sent, under review or verified. */
  details: (record: R, view: 'pending' | 'passed') => ReactNode;
  passedExtra?: ReactNode;
  /** Shown instead of a new form when the level may not be submitted yet. */
  blocked?: (record: R) => ReactNode;
  /** The form, prefilled from the refused submission (undefined: a new one). */
  form: (refused: R | undefined) => ReactNode;
}) {
  const { t } = useTranslation('kyc');
  if (query.isPending) return <Skeleton active />;
  if (query.isError || !query.data) return <LoadFailed title={t('loadFailed')} retry={t('retry')} onRetry={() => void query.refetch()} />;
  const record = query.data;
  const view = kycViewOf(record.status);
  if (view === 'form' && blocked) {
    const shown = blocked(record);
    if (shown) return shown;
  }
  switch (view) {
    case 'pending':
      return (
        <KycStateCard view={view} title={pending.title} text={pending.text} testId={pending.testId}>
          {details(record, view)}
        </KycStateCard>
      );
    case 'passed':
      return (
        <KycStateCard view={view} title={passed.title} text={passed.text} testId={passed.testId}>
          {details(record, view)}
          {passedExtra}
        </KycStateCard>
      );
    case 'rejected':
      return (
        <>
          <KycRejected reason={record.msg} />
          <Fragment key={record.id || 'again'}>{form(record)}</Fragment>
        </>
      );
    case 'form':
      return <Fragment key="new">{form(undefined)}</Fragment>;
  }
}

/** The card a level's form sits in: its title, the privacy line, the fields and the submit button. */
export function KycFormCard<V extends object>({
  titleId,
  title,
  again,
  review,
  initial,
  submitTestId,
  children,
}: {
  titleId: string;
  title: string;
  again: boolean;
  review: Pick<ReviewForm<V, never>, 'form' | 'onFinish' | 'anyUploading' | 'submitting'>;
  initial: V;
  submitTestId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('kyc');
  return (
    <section className="kyc-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="kyc-section-title">
        {again ? t('form.againTitle') : title}
      </h2>
      <p className="kyc-hint">{t('form.privacy')}</p>
      <Form<V> form={review.form} layout="vertical" className="kyc-form" requiredMark="optional" initialValues={initial as Record<string, unknown>} onFinish={review.onFinish} scrollToFirstError>
        {children}
        <ReviewSubmit review={review} label={again ? t('form.submitAgain') : t('form.submit')} waitText={t('form.waitForUploads')} className="kyc-submit" hintClassName="kyc-hint" testId={submitTestId} />
      </Form>
    </section>
  );
}
