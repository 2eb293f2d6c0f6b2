import { REFUND_REASON_CODES } from '@caravan/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Image, Space, Table, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecisionButton } from '../../components/decision-button.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { QueueDrawer } from '../../components/queue-page.tsx';
import { Money, Time } from '../../lib/format.tsx';
import { orderQuery, useOrderAction, type OrderDetail } from './api.ts';

/** One order: its goods, amounts, refund (reason, pictures), timeline, escrow transfers, and the actions it allows. */
export function OrderDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t } = useTranslation(['orders', 'common', 'storeOrders']);
  const one = useQuery({ ...orderQuery(id ?? ''), enabled: id !== undefined });
  return (
    <QueueDrawer id={id} onClose={onClose} size={760} query={one} title={(order) => t('orders:detail.title', { id: order.id })}>
      {(order) => <OrderDetailView order={order} />}
    </QueueDrawer>
  );
}

function OrderDetailView({ order }: { order: OrderDetail }) {
  const { t } = useTranslation(['orders', 'common', 'storeOrders']);
  const act = useOrderAction(order.id);
  const reasonText = (code: string | null) => (code ? t(`storeOrders:reasons.refund.${code}`, { defaultValue: code }) : '--');

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label={t('orders:fields.status')}>
          <StateTag state={order.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders:fields.refundState')}>
          <StateTag state={order.refundState} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders:fields.buyer')}>{`${order.buyerName} (${order.buyerId})`}</Descriptions.Item>
        <Descriptions.Item label={t('orders:fields.shop')}>{order.shopName}</Descriptions.Item>
        <Descriptions.Item label={t('orders:fields.total')}>
          <Money value={order.total} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders:fields.freight')}>
          <Money value={order.amounts.freight} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders:fields.createdAt')}>
          <Time value={order.createdAt} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders:fields.paidAt')}>
          <Time value={order.paidAt} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders:fields.address')} span={2}>
          {[order.address.contacts, order.address.phone, order.address.address, order.address.city, order.address.province, order.address.country, order.address.postcode].filter(Boolean).join(', ')}
        </Descriptions.Item>
      </Descriptions>

      <Space wrap>
        {order.actions.ship ? (
          <DecisionButton
            primary
            label={t('orders:actions.ship')}
            title={t('orders:actions.shipTitle')}
            description={t('orders:actions.shipText')}
            fields={[{ name: 'reason', label: t('orders:fields.note') }]}
            successText={t('orders:actions.shipped')}
            onConfirm={(values) => act.mutateAsync({ kind: 'ship', reason: values.reason ?? '' })}
          />
        ) : null}
        {order.actions.approveRefund ? (
          <DecisionButton
            primary
            label={t('orders:actions.approveRefund')}
            title={t('orders:actions.approveRefundTitle')}
            description={t('orders:actions.approveRefundText', { amount: order.refundAmount ?? order.total })}
            fields={[{ name: 'reason', label: t('orders:fields.reason'), multiline: true }]}
            successText={t('orders:actions.refundApproved')}
            onConfirm={(values) => act.mutateAsync({ kind: 'refund-approve', reason: values.reason ?? '' })}
          />
        ) : null}
        {order.actions.rejectRefund ? (
          <DecisionButton
            danger
            label={t('orders:actions.rejectRefund')}
            title={t('orders:actions.rejectRefundTitle')}
            fields={[{ name: 'reason', label: t('orders:fields.reason'), required: true, multiline: true }]}
            successText={t('orders:actions.refundRejected')}
            onConfirm={(values) => act.mutateAsync({ kind: 'refund-reject', reason: values.reason ?? '' })}
          />
        ) : null}
        {order.actions.manualRefund ? <ManualRefund order={order} onConfirm={(values) => act.mutateAsync({ kind: 'refund-manual', reasonCode: values.reasonCode as (typeof REFUND_REASON_CODES)[number], amount: values.amount ?? '', reason: values.reason ?? '' })} /> : null}
      </Space>

      {order.refundState !== 'none' ? (
        <section>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            {t('orders:detail.refund')}
          </Typography.Title>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('orders:fields.refundReason')}>{reasonText(order.refundReason)}</Descriptions.Item>
            <Descriptions.Item label={t('orders:fields.refundAmount')}>
              <Money value={order.refundAmount} />
            </Descriptions.Item>
            <Descriptions.Item label={t('orders:fields.refundRemark')}>{order.refund.remark || '--'}</Descriptions.Item>
            <Descriptions.Item label={t('orders:fields.requestedAt')}>
              <Time value={order.refund.requestedAt} />
            </Descriptions.Item>
          </Descriptions>
          {order.refund.pictures.length > 0 ? (
            <Image.PreviewGroup>
              <Space wrap style={{ marginTop: 8 }}>
                {order.refund.pictures.map((url, index) => (
                  <Image key={url} src={url} width={96} alt={t('orders:detail.refundPicture', { index: index + 1 })} />
                ))}
              </Space>
            </Image.PreviewGroup>
          ) : null}
        </section>
      ) : null}

      <section>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('orders:detail.items')}
        </Typography.Title>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={order.items}
          columns={[
            { title: t('orders:fields.goods'), dataIndex: 'name', render: (name: string, item) => `${name}${item.attributes ? ` (${item.attributes})` : ''}` },
            { title: t('orders:fields.quantity'), dataIndex: 'quantity', align: 'right' },
            { title: t('orders:fields.unitPrice'), dataIndex: 'unitPrice', align: 'right', render: (value: string) => <Money value={value} /> },
            { title: t('orders:fields.lineAmount'), dataIndex: 'lineAmount', align: 'right', render: (value: string) => <Money value={value} /> },
          ]}
        />
      </section>

      <section>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('orders:detail.timeline')}
        </Typography.Title>
        <Timeline
          items={order.timeline.map((entry) => ({
            key: `${entry.key}-${entry.at}`,
            content: (
              <span>
                {entry.text} · <Time value={entry.at} />
                {entry.actorType ? <Typography.Text type="secondary">{` · ${t(`orders:actors.${entry.actorType}`, { defaultValue: entry.actorType })}`}</Typography.Text> : null}
              </span>
            ),
          }))}
        />
      </section>

      <section>
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t('orders:detail.transfers')}
        </Typography.Title>
        {order.transfers.length === 0 ? (
          <Empty description={t('orders:detail.noTransfers')} />
        ) : (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={order.transfers}
            columns={[
              { title: t('orders:fields.time'), dataIndex: 'at', render: (value: string) => <Time value={value} /> },
              { title: t('orders:fields.kind'), dataIndex: 'kind', render: (value: string) => t(`queues:kinds.${value}`, { defaultValue: value }) },
              { title: t('orders:fields.amount'), dataIndex: 'amount', align: 'right', render: (value: string) => <Money value={value} /> },
              { title: t('orders:fields.debit'), dataIndex: 'debitAccountId', render: (value: string) => <Typography.Text code>{value.slice(0, 12)}</Typography.Text> },
              { title: t('orders:fields.credit'), dataIndex: 'creditAccountId', render: (value: string) => <Typography.Text code>{value.slice(0, 12)}</Typography.Text> },
            ]}
          />
        )}
      </section>
    </Space>
  );
}

/** A refund on the platform's own initiative: reason code, optional partial amount, the operator's reason. */
function ManualRefund({ order, onConfirm }: { order: OrderDetail; onConfirm: (values: Record<string, string>) => Promise<unknown> }) {
  const { t } = useTranslation(['orders', 'common', 'storeOrders']);
  return (
    <DecisionButton
      danger
      label={t('orders:actions.manualRefund')}
      title={t('orders:actions.manualRefundTitle')}
      description={t('orders:actions.manualRefundText', { total: order.total })}
      fields={[
        { name: 'reasonCode', label: t('orders:fields.refundReason'), required: true, options: REFUND_REASON_CODES.map((code) => ({ value: code, label: t(`storeOrders:reasons.refund.${code}`) })) },
        { name: 'amount', label: t('orders:fields.partialAmount'), rules: [{ pattern: /^\d+(\.\d{1,2})?$/, message: t('orders:actions.amountFormat') }] },
        { name: 'reason', label: t('orders:fields.reason'), required: true, multiline: true },
      ]}
      successText={t('orders:actions.refunded')}
      onConfirm={onConfirm}
    />
  );
}
