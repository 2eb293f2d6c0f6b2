import { LOAN_STATES } from '@caravan/contract/loans';
import { useQuery } from '@tanstack/react-query';
import { compareAmounts } from '@caravan/ui/format';
import { Alert, Descriptions, Image, Input, InputNumber, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionButton } from '../../components/decision-button.tsx';
import { QueueDrawer, QueuePage, StateFilter, useStateQueue } from '../../components/queue-page.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { UserActivity } from '../../components/user-activity.tsx';
import { Money, Time } from '../../lib/format.tsx';
import { useCan, useSession } from '../../lib/session.ts';
import { approvalStep, loanQuery, loansQuery, useLoanDecision, type Loan } from './api.ts';
import { DecisionTimeline } from '../../components/decision-timeline.tsx';

const FILTERS = ['state', 'applicant', 'amountMin', 'amountMax'] as const;

export default function LoansPage() {
  const { t } = useTranslation(['loans', 'queues', 'common']);
  const { list, state, params } = useStateQueue(FILTERS, 'pending');
  const query = useQuery(loansQuery(params));

  return (
    <QueuePage<Loan>
      title={t('loans:title')}
      query={query}
      list={list}
      columns={[
        { title: t('loans:fields.applicant'), dataIndex: 'username', render: (value: string, row) => <Link to={list.hrefFor(row.id)}>{`${value} · ${row.realName}`}</Link> },
        { title: t('loans:fields.amount'), dataIndex: 'amount', align: 'right', sorter: (a, b) => compareAmounts(a.amount, b.amount), render: (value: string) => <Money value={value} /> },
        { title: t('loans:fields.period'), dataIndex: 'creditPeriod', render: (days: number) => t('loans:days', { days }) },
        { title: t('loans:fields.totalRepayment'), dataIndex: 'totalRepayment', align: 'right', render: (value: string) => <Money value={value} /> },
        { title: t('queues:fields.state'), dataIndex: 'state', render: (value: string, row) => (row.proposedBy && row.state === 'pending' ? <Space size={4}><StateTag state={value} /><Typography.Text>{t('loans:proposed')}</Typography.Text></Space> : <StateTag state={value} />) },
        { title: t('queues:fields.createdAt'), dataIndex: 'createdAt', sorter: (a, b) => a.createdAt.localeCompare(b.createdAt), render: (value: string) => <Time value={value} /> },
      ]}
      filters={
        <>
          <StateFilter value={state} states={LOAN_STATES} label={(value) => t(`common:states.${value}`)} onChange={(value) => list.update({ state: value })} />
          <Input.Search aria-label={t('loans:filters.applicant')} placeholder={t('loans:filters.applicant')} allowClear defaultValue={list.filter.applicant} onSearch={(value) => list.update({ applicant: value.trim() })} style={{ width: 240 }} />
          <InputNumber aria-label={t('loans:filters.amountMin')} placeholder={t('loans:filters.amountMin')} min={0} precision={0} defaultValue={list.filter.amountMin ? Number(list.filter.amountMin) : undefined} onChange={(value) => list.update({ amountMin: value ?? undefined })} style={{ width: 160 }} />
          <InputNumber aria-label={t('loans:filters.amountMax')} placeholder={t('loans:filters.amountMax')} min={0} precision={0} defaultValue={list.filter.amountMax ? Number(list.filter.amountMax) : undefined} onChange={(value) => list.update({ amountMax: value ?? undefined })} style={{ width: 160 }} />
        </>
      }
      drawer={<LoanDrawer id={list.selected} onClose={() => list.select(undefined)} />}
    />
  );
}

function LoanDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t } = useTranslation(['loans', 'queues', 'common']);
  const can = useCan();
  const me = useSession()?.operator.id ?? '';
  const one = useQuery({ ...loanQuery(id ?? ''), enabled: id !== undefined });
  const loan = one.data;
  const decide = useLoanDecision();
  const step = loan ? approvalStep(loan, me) : 'none';

  return (
    <QueueDrawer id={id} onClose={onClose} size={720} query={one} title={(loan) => t('loans:detail', { name: loan.realName || loan.username })}>
      {(loan) => (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label={t('queues:fields.state')}>
              <StateTag state={loan.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('loans:fields.applicant')}>{`${loan.username} (${loan.userId})`}</Descriptions.Item>
            <Descriptions.Item label={t('loans:fields.realName')}>{loan.realName}</Descriptions.Item>
            <Descriptions.Item label={t('loans:fields.identification')}>{`${loan.identification} · ${loan.countryName}`}</Descriptions.Item>
            <Descriptions.Item label={t('loans:fields.amount')}>
              <Money value={loan.amount} />
            </Descriptions.Item>
            <Descriptions.Item label={t('loans:fields.period')}>{t('loans:days', { days: loan.creditPeriod })}</Descriptions.Item>
            <Descriptions.Item label={t('loans:fields.rate')}>{loan.creditRate}</Descriptions.Item>
            <Descriptions.Item label={t('loans:fields.defaultRate')}>{loan.defaultRate}</Descriptions.Item>
            <Descriptions.Item label={t('loans:fields.totalInterest')}>
              <Money value={loan.totalInterest} />
            </Descriptions.Item>
            <Descriptions.Item label={t('loans:fields.totalRepayment')}>
              <Money value={loan.totalRepayment} />
            </Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.createdAt')}>
              <Time value={loan.createdAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('loans:fields.dueAt')}>
              <Time value={loan.dueAt} />
            </Descriptions.Item>
            {loan.rejectReason ? (
              <Descriptions.Item label={t('queues:fields.rejectReason')} span={2}>
                {loan.rejectReason}
              </Descriptions.Item>
            ) : null}
          </Descriptions>

          <section>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('loans:pictures.title')}
            </Typography.Title>
            <Image.PreviewGroup>
              <Space wrap>
                {(['face', 'back', 'hand'] as const).map((side) => (loan.pictures[side] ? <Image key={side} src={loan.pictures[side]} width={140} alt={t(`loans:pictures.${side}`)} /> : null))}
              </Space>
            </Image.PreviewGroup>
          </section>

          {can('loans.decide') && loan.state === 'pending' ? (
            <Space direction="vertical">
              {loan.needsSecondApproval ? <Alert type="info" showIcon title={loan.proposedBy ? t('loans:makerChecker.proposed') : t('loans:makerChecker.needed')} /> : null}
              <Space>
                {step === 'approve' || step === 'propose' || step === 'confirm' ? (
                  <DecisionButton
                    primary
                    label={t(`loans:actions.${step}`)}
                    title={t(`loans:actions.${step}Title`)}
                    description={t(`loans:actions.${step}Text`, { amount: loan.amount, user: loan.username })}
                    fields={[{ name: 'reason', label: t('queues:fields.reason'), multiline: true }]}
                    successText={t(`loans:actions.${step}Done`)}
                    onConfirm={(values) => decide.mutateAsync({ id: loan.id, decision: 'approve', reason: values.reason ?? '' })}
                  />
                ) : null}
                <DecisionButton
                  danger
                  label={t('queues:actions.reject')}
                  title={t('loans:actions.rejectTitle')}
                  fields={[{ name: 'reason', label: t('queues:fields.reason'), required: true, multiline: true }]}
                  successText={t('loans:actions.rejected')}
                  onConfirm={(values) => decide.mutateAsync({ id: loan.id, decision: 'reject', reason: values.reason ?? '' })}
                />
              </Space>
            </Space>
          ) : null}

          <section>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('loans:history')}
            </Typography.Title>
            <Table<Loan>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={loan.history}
              columns={[
                { title: t('loans:fields.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => <Money value={value} /> },
                { title: t('loans:fields.period'), dataIndex: 'creditPeriod', render: (days: number) => t('loans:days', { days }) },
                { title: t('queues:fields.state'), dataIndex: 'state', render: (value: string) => <StateTag state={value} /> },
                { title: t('queues:fields.createdAt'), dataIndex: 'createdAt', render: (value: string) => <Time value={value} /> },
              ]}
            />
          </section>

          <DecisionTimeline title={t('loans:decisions')} entries={loan.audit} />
          <UserActivity userId={loan.userId} />
        </Space>
      )}
    </QueueDrawer>
  );
}
