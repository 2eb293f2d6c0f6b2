import { isTxHash, withdrawalQuery as withdrawalFilterSchema } from '@caravan/contract/console';
import { useQuery } from '@tanstack/react-query';
import { compareAmounts } from '@caravan/ui/format';
import { Alert, Descriptions, Input, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionButton } from '../../components/decision-button.tsx';
import { QueueDrawer, QueuePage, StateFilter, useStateQueue } from '../../components/queue-page.tsx';
import { ReviewDetails } from '../../components/review-details.tsx';
import { StateTag, TAG_TONES } from '../../components/state-tag.tsx';
import { UserActivity } from '../../components/user-activity.tsx';
import { Money, Time } from '../../lib/format.tsx';
import { useCan } from '../../lib/session.ts';
import { useWithdrawalDecision, withdrawalQuery, withdrawalsQuery, type Withdrawal } from './api.ts';

const STATES = withdrawalFilterSchema.shape.state.unwrap().options;
const FILTERS = ['state', 'userId'] as const;

export default function WithdrawalsPage() {
  const { t } = useTranslation(['queues', 'common']);
  const { list, state, params } = useStateQueue(FILTERS, 'pending');
  const query = useQuery(withdrawalsQuery(params));

  return (
    <QueuePage<Withdrawal>
      title={t('queues:withdrawals.title')}
      query={query}
      list={list}
      columns={[
        { title: t('queues:fields.orderNo'), dataIndex: 'orderNo', render: (value: string, row) => <Link to={list.hrefFor(row.id)}>{value}</Link> },
        { title: t('queues:fields.user'), dataIndex: 'username' },
        { title: t('queues:fields.chain'), render: (_, row) => [row.coin, row.blockchainName].filter(Boolean).join(' / ') },
        { title: t('queues:fields.amount'), dataIndex: 'amount', align: 'right', sorter: (a, b) => compareAmounts(a.amount, b.amount), render: (value: string) => <Money value={value} /> },
        { title: t('queues:fields.fee'), dataIndex: 'fee', align: 'right', render: (value: string) => <Money value={value} /> },
        { title: t('queues:fields.arrival'), dataIndex: 'arrivalAmount', align: 'right', render: (value: string) => <Money value={value} /> },
        { title: t('queues:fields.state'), dataIndex: 'state', render: (value: string) => <StateTag state={value} /> },
        { title: t('queues:withdrawals.safety'), render: (_, row) => <SafetyTags row={row} /> },
        { title: t('queues:fields.createdAt'), dataIndex: 'createdAt', sorter: (a, b) => a.createdAt.localeCompare(b.createdAt), render: (value: string) => <Time value={value} /> },
      ]}
      filters={
        <>
          <StateFilter value={state} states={STATES} label={(value) => t(`common:states.${value}`)} onChange={(value) => list.update({ state: value })} />
          <Input.Search aria-label={t('queues:filters.userId')} placeholder={t('queues:filters.userId')} allowClear defaultValue={list.filter.userId} onSearch={(value) => list.update({ userId: value.trim() })} style={{ width: 260 }} />
        </>
      }
      drawer={<WithdrawalDrawer id={list.selected} onClose={() => list.select(undefined)} />}
    />
  );
}

/** Why a withdrawal cannot be paid yet (held after an address change) or needs a closer look (first to a new address). */
function SafetyTags({ row }: { row: Withdrawal }) {
  const { t } = useTranslation('queues');
  if (!row.held && !(row.reviewRequired && row.state === 'pending')) return null;
  return (
    <Space size={4} wrap>
      {row.held && row.heldUntil ? (
        <Tag variant="solid" color={TAG_TONES.warning}>
          {t('queues:withdrawals.heldTag')} <Time value={row.heldUntil} />
        </Tag>
      ) : null}
      {row.reviewRequired && row.state === 'pending' ? <Tag variant="solid" color={TAG_TONES.danger}>{t('queues:withdrawals.reviewTag')}</Tag> : null}
    </Space>
  );
}

function WithdrawalDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t } = useTranslation(['queues', 'common']);
  const can = useCan();
  const one = useQuery({ ...withdrawalQuery(id ?? ''), enabled: id !== undefined });
  const decide = useWithdrawalDecision();

  return (
    <QueueDrawer id={id} onClose={onClose} size={640} query={one} title={(row) => t('queues:withdrawals.detail', { orderNo: row.orderNo })}>
      {(row) => (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <ReviewDetails row={row}>
            <Descriptions.Item label={t('queues:fields.amount')}>
              <Money value={row.amount} />
            </Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.fee')}>
              <Money value={row.fee} />
            </Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.arrival')}>
              <Money value={row.arrivalAmount} unit={row.coin} />
            </Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.chain')}>{[row.coin, row.blockchainName].filter(Boolean).join(' / ')}</Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.toAddress')}>
              <Typography.Text copyable code>
                {row.toAddress}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.createdAt')}>
              <Time value={row.createdAt} />
            </Descriptions.Item>
            {row.txHash ? <Descriptions.Item label={t('queues:fields.txHash')}>{row.txHash}</Descriptions.Item> : null}
          </ReviewDetails>
          {row.held && row.heldUntil ? (
            <Alert
              type="warning"
              showIcon
              role="status"
              title={
                <>
                  {t('queues:withdrawals.heldTitle')} <Time value={row.heldUntil} />
                </>
              }
              description={t('queues:withdrawals.heldText')}
            />
          ) : null}
          {row.reviewRequired && row.state === 'pending' ? <Alert type="error" showIcon role="status" title={t('queues:withdrawals.reviewTitle')} description={t('queues:withdrawals.reviewText')} /> : null}
          {row.state === 'pending' && can('withdrawals.decide') ? (
            <Space>
              {row.held ? null : (
              <DecisionButton
                primary
                label={t('queues:actions.approve')}
                title={t('queues:withdrawals.approveTitle')}
                description={t('queues:withdrawals.approveText', { chain: row.blockchainName })}
                fields={[
                  {
                    name: 'txHash',
                    label: t('queues:fields.txHash'),
                    required: true,
                    rules: [{ validator: async (_, value: string | undefined) => (!value || isTxHash(row.blockchainName, value) ? undefined : Promise.reject(new Error(t('queues:withdrawals.badHash', { chain: row.blockchainName })))) }],
                  },
                  { name: 'reason', label: t('queues:fields.reason'), multiline: true },
                  ...(row.reviewRequired ? [{ name: 'reviewConfirmed', label: t('queues:withdrawals.reviewConfirm'), check: true, required: true }] : []),
                ]}
                successText={t('queues:withdrawals.approved')}
                onConfirm={(values) => decide.mutateAsync({ id: row.id, decision: 'approve', txHash: values.txHash ?? '', reason: values.reason ?? '', reviewConfirmed: values.reviewConfirmed === 'true' })}
              />
              )}
              <DecisionButton
                danger
                label={t('queues:actions.reject')}
                title={t('queues:withdrawals.rejectTitle')}
                description={t('queues:withdrawals.rejectText')}
                fields={[{ name: 'reason', label: t('queues:fields.reason'), required: true, multiline: true }]}
                successText={t('queues:withdrawals.rejected')}
                onConfirm={(values) => decide.mutateAsync({ id: row.id, decision: 'reject', reason: values.reason ?? '' })}
              />
            </Space>
          ) : null}
          <UserActivity userId={row.userId} />
        </Space>
      )}
    </QueueDrawer>
  );
}
