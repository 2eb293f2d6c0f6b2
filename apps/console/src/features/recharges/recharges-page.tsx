import { rechargeQuery as rechargeFilterSchema } from '@caravan/contract/console';
import { useQuery } from '@tanstack/react-query';
import { compareAmounts } from '@caravan/ui/format';
import { Descriptions, Image, Input, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionButton } from '../../components/decision-button.tsx';
import { ClearableSelect, QueueDrawer, QueuePage, StateFilter, useStateQueue } from '../../components/queue-page.tsx';
import { ReviewDetails } from '../../components/review-details.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { UserActivity } from '../../components/user-activity.tsx';
import { Money, Time } from '../../lib/format.tsx';
import { useCan } from '../../lib/session.ts';
import { rechargeQuery, rechargesQuery, useRechargeDecision, type Recharge } from './api.ts';

// the filter values the server accepts, from the contract
const STATES = rechargeFilterSchema.shape.state.unwrap().options;
const METHODS = rechargeFilterSchema.shape.method.unwrap().options;
const FILTERS = ['state', 'method', 'userId'] as const;

export default function RechargesPage() {
  const { t } = useTranslation(['queues', 'common']);
  // the queue opens on what needs a decision
  const { list, state, params } = useStateQueue(FILTERS, 'pending');
  const query = useQuery(rechargesQuery(params));

  return (
    <QueuePage<Recharge>
      title={t('queues:recharges.title')}
      query={query}
      list={list}
      columns={[
        { title: t('queues:fields.orderNo'), dataIndex: 'orderNo', render: (value: string, row) => <Link to={list.hrefFor(row.id)}>{value}</Link> },
        { title: t('queues:fields.user'), dataIndex: 'username' },
        { title: t('queues:fields.method'), dataIndex: 'method', render: (value: string) => t(`queues:methods.${value}`, { defaultValue: value }) },
        { title: t('queues:fields.chain'), render: (_, row) => [row.coin, row.blockchainName].filter(Boolean).join(' / ') },
        { title: t('queues:fields.amount'), dataIndex: 'amount', align: 'right', sorter: (a, b) => compareAmounts(a.amount, b.amount), render: (value: string, row) => <Money value={value} unit={row.coin} /> },
        { title: t('queues:fields.credit'), dataIndex: 'creditAmount', align: 'right', render: (value: string) => <Money value={value} /> },
        { title: t('queues:fields.state'), dataIndex: 'state', render: (value: string) => <StateTag state={value} /> },
        { title: t('queues:fields.createdAt'), dataIndex: 'createdAt', sorter: (a, b) => a.createdAt.localeCompare(b.createdAt), render: (value: string) => <Time value={value} /> },
      ]}
      filters={
        <>
          <StateFilter value={state} states={STATES} label={(value) => t(`common:states.${value}`)} onChange={(value) => list.update({ state: value })} />
          <ClearableSelect label={t('queues:filters.method')} width={180} value={list.filter.method} onChange={(value) => list.update({ method: value })} options={METHODS.map((value) => ({ value, label: t(`queues:methods.${value}`) }))} />
          <Input.Search aria-label={t('queues:filters.userId')} placeholder={t('queues:filters.userId')} allowClear defaultValue={list.filter.userId} onSearch={(value) => list.update({ userId: value.trim() })} style={{ width: 260 }} />
        </>
      }
      drawer={<RechargeDrawer id={list.selected} onClose={() => list.select(undefined)} />}
    />
  );
}

function RechargeDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t } = useTranslation(['queues', 'common']);
  const can = useCan();
  const one = useQuery({ ...rechargeQuery(id ?? ''), enabled: id !== undefined });
  const row = one.data;
  const history = useQuery({ ...rechargesQuery({ userId: row?.userId ?? '', pageSize: 5 }), enabled: row !== undefined });
  const decide = useRechargeDecision();

  return (
    <QueueDrawer id={id} onClose={onClose} size={640} query={one} title={(row) => t('queues:recharges.detail', { orderNo: row.orderNo })}>
      {(row) => (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <ReviewDetails row={row}>
            <Descriptions.Item label={t('queues:fields.method')}>{t(`queues:methods.${row.method}`, { defaultValue: row.method })}</Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.amount')}>
              <Money value={row.amount} unit={row.coin} />
            </Descriptions.Item>
            {row.declaredAmount !== null && (
              <Descriptions.Item label={t('queues:fields.declaredAmount')}>
                <Money value={row.declaredAmount} unit={row.coin} />
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('queues:fields.rate')}>{row.rate}</Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.credit')}>
              <Money value={row.creditAmount} />
            </Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.chain')}>{[row.coin, row.blockchainName].filter(Boolean).join(' / ') || '--'}</Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.fromAddress')}>
              <Typography.Text copyable={row.fromAddress ? true : false} code>
                {row.fromAddress || '--'}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.channelAddress')}>{row.channelAddress || '--'}</Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.txHash')}>{row.txHash || '--'}</Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.createdAt')}>
              <Time value={row.createdAt} />
            </Descriptions.Item>
          </ReviewDetails>
          <section aria-label={t('queues:recharges.proof')}>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('queues:recharges.proof')}
            </Typography.Title>
            {row.proofImageUrl ? (
              <Image src={row.proofImageUrl} alt={t('queues:recharges.proofAlt', { orderNo: row.orderNo })} width={240} preview={{ cover: t('queues:recharges.zoom') }} data-testid="recharge-proof" />
            ) : (
              <Typography.Text type="secondary">{t('queues:recharges.noProof')}</Typography.Text>
            )}
          </section>
          {row.state === 'pending' && can('recharges.decide') ? (
            <Space>
              <DecisionButton
                primary
                label={t('queues:actions.approve')}
                title={t('queues:recharges.approveTitle')}
                description={t('queues:recharges.approveText', { amount: row.creditAmount, user: row.username })}
                fields={[
                  ...(row.method === 'blockchain'
                    ? [{ name: 'amount', label: t('queues:recharges.receivedAmount', { coin: row.coin }), max: 40 }]
                    : []),
                  { name: 'reason', label: t('queues:recharges.approveReason'), multiline: true },
                ]}
                successText={t('queues:recharges.approved')}
                onConfirm={(values) => decide.mutateAsync({ id: row.id, decision: 'approve', reason: values.reason ?? '', amount: values.amount ?? '' })}
              />
              <DecisionButton
                danger
                label={t('queues:actions.reject')}
                title={t('queues:recharges.rejectTitle')}
                fields={[{ name: 'reason', label: t('queues:fields.reason'), required: true, multiline: true }]}
                successText={t('queues:recharges.rejected')}
                onConfirm={(values) => decide.mutateAsync({ id: row.id, decision: 'reject', reason: values.reason ?? '' })}
              />
            </Space>
          ) : null}
          <UserActivity userId={row.userId} />
          <section>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('queues:recharges.history')}
            </Typography.Title>
            <Table<Recharge>
              rowKey="id"
              size="small"
              pagination={false}
              loading={history.isFetching}
              dataSource={history.data?.items ?? []}
              columns={[
                { title: t('queues:fields.orderNo'), dataIndex: 'orderNo' },
                { title: t('queues:fields.amount'), dataIndex: 'amount', align: 'right', render: (value: string, item) => <Money value={value} unit={item.coin} /> },
                { title: t('queues:fields.state'), dataIndex: 'state', render: (value: string) => <StateTag state={value} /> },
                { title: t('queues:fields.createdAt'), dataIndex: 'createdAt', render: (value: string) => <Time value={value} /> },
              ]}
            />
          </section>
        </Space>
      )}
    </QueueDrawer>
  );
}
