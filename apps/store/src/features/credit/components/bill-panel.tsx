import { money, tryParseMoney } from '@caravan/contract/money';
import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '@caravan/ui/amount.tsx';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { useCreditBill } from '../api/get-credit-bill.ts';
import { CREDIT_APPLICATION_PATH } from '../credit-rules.ts';

/**
 * credit!bill: the loan in use (zeros when there is none), with the way to repay it. `currentId` is the
 * approved or overdue loan of the history, for servers whose bill does not name it; `inReview` tells
 * that an application waits for its review.
 */
export function BillPanel({ currentId, inReview, onRepay }: { currentId: string | undefined; inReview: boolean; onRepay: (creditId: string) => void }) {
  const { t } = useTranslation('credit');
  const bill = useCreditBill();
  const principal = tryParseMoney(bill.data?.applyAmount);
  const hasLoan = principal.ok && money.isPositive(principal.value);
  const creditId = bill.data?.creditId || currentId;

  return (
    <section className="credit-card" aria-labelledby="credit-bill-title" data-testid="credit-bill">
      <h2 id="credit-bill-title" className="credit-section-title">
        {t('bill.title')}
      </h2>
      {bill.isPending ? <Skeleton active /> : null}
      {bill.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('bill.loadFailed')}
          action={
            <Button size="small" onClick={() => void bill.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : null}
      {bill.isSuccess && !hasLoan ? (
        inReview ? (
          <p className="credit-empty">{t('bill.inReview')}</p>
        ) : (
          <p className="credit-empty">
            {t('bill.none')} <Link to={CREDIT_APPLICATION_PATH}>{t('bill.apply')}</Link>
          </p>
        )
      ) : null}
      {bill.isSuccess && hasLoan ? (
        <>
          <dl className="credit-figures">
            <div>
              <dt>{t('bill.realName')}</dt>
              <dd>
                <bdi>{bill.data.realName || '--'}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('bill.amount')}</dt>
              <dd data-testid="credit-bill-amount">
                <Amount value={bill.data.applyAmount} unit="USDT" />
              </dd>
            </div>
            <div>
              <dt>{t('cost.totalInterest')}</dt>
              <dd>
                <Amount value={bill.data.interest} unit="USDT" />
              </dd>
            </div>
            <div>
              <dt>{t('bill.days')}</dt>
              <dd>
                <bdi>{t('form.days', { count: bill.data.alreadyCreditDays })}</bdi>
              </dd>
            </div>
            <div>
              <dt>{t('bill.due')}</dt>
              <dd>
                <PlatformTime value={bill.data.dueTime} />
              </dd>
            </div>
            {bill.data.overdueDays > 0 ? (
              <div>
                <dt>{t('bill.overdueInterest')}</dt>
                <dd>
                  <Amount value={bill.data.overdueInterest} unit="USDT" />
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('bill.estimate')}</dt>
              <dd data-testid="credit-bill-estimate">
                <Amount value={bill.data.estimatePayment} unit="USDT" className="credit-strong" />
              </dd>
            </div>
          </dl>
          {creditId ? (
            <Button type="primary" onClick={() => onRepay(creditId)} data-testid="credit-repay">
              {t('bill.repay')}
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
