// Settle-in applications (issue 15): the queue of buyers asking to open a shop, modelled on the loans
// queue: filter by state and applicant, a drawer with the shop's logo, documents (zoomable), contact,
// country, description, the applicant's earlier applications and every decision; approve (opens the
// shop, optional reason) and reject (reason required, shown to the applicant), both confirmed.
import { SELLER_APPLICATION_STATES } from '@caravan/contract/sellers';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Image, Input, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionButton } from '../../components/decision-button.tsx';
import { QueueDrawer, QueuePage, StateFilter, useStateQueue } from '../../components/queue-page.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { UserActivity } from '../../components/user-activity.tsx';
import { Time } from '../../lib/format.tsx';
import { useCan } from '../../lib/session.ts';
import { sellerApplicationQuery, sellerApplicationsQuery, useSellerApplicationDecision, type SellerApplication } from './api.ts';
import { DecisionTimeline } from '../../components/decision-timeline.tsx';

const FILTERS = ['state', 'applicant'] as const;

export default function SellerApplicationsPage() {
  const { t } = useTranslation(['sellers', 'queues', 'common']);
  const { list, state, params } = useStateQueue(FILTERS, 'pending');
  const query = useQuery(sellerApplicationsQuery(params));

  return (
    <QueuePage<SellerApplication>
      title={t('sellers:title')}
      query={query}
      list={list}
      columns={[
        {
          title: t('sellers:fields.shopName'),
          dataIndex: 'shopName',
          render: (value: string, row) => (
            <Space size={8}>
              {row.logo ? <img src={row.logo} alt="" width={28} height={28} style={{ objectFit: 'cover', borderRadius: 4 }} /> : null}
              <Link to={list.hrefFor(row.id)}>{value}</Link>
            </Space>
          ),
        },
        { title: t('sellers:fields.applicant'), dataIndex: 'username', render: (value: string, row) => `${value} · ${row.contactName}` },
        { title: t('sellers:fields.country'), dataIndex: 'countryName' },
        { title: t('queues:fields.state'), dataIndex: 'state', render: (value: string) => <StateTag state={value} /> },
        { title: t('queues:fields.createdAt'), dataIndex: 'createdAt', sorter: (a, b) => a.createdAt.localeCompare(b.createdAt), render: (value: string) => <Time value={value} /> },
      ]}
      filters={
        <>
          <StateFilter value={state} states={SELLER_APPLICATION_STATES} label={(value) => t(`common:states.${value}`)} onChange={(value) => list.update({ state: value })} />
          <Input.Search
            aria-label={t('sellers:filters.applicant')}
            placeholder={t('sellers:filters.applicant')}
            allowClear
            defaultValue={list.filter.applicant}
            onSearch={(value) => list.update({ applicant: value.trim() })}
            style={{ width: 260 }}
          />
        </>
      }
      drawer={<SellerApplicationDrawer id={list.selected} onClose={() => list.select(undefined)} />}
    />
  );
}

function SellerApplicationDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t } = useTranslation(['sellers', 'queues', 'common']);
  const can = useCan();
  const one = useQuery({ ...sellerApplicationQuery(id ?? ''), enabled: id !== undefined });
  const decide = useSellerApplicationDecision();

  return (
    <QueueDrawer id={id} onClose={onClose} size={720} query={one} title={(application) => t('sellers:detail', { name: application.shopName })}>
      {(application) => (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label={t('queues:fields.state')}>
              <StateTag state={application.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('sellers:fields.applicant')}>{`${application.username} (${application.userId})`}</Descriptions.Item>
            <Descriptions.Item label={t('sellers:fields.shopName')}>{application.shopName}</Descriptions.Item>
            <Descriptions.Item label={t('sellers:fields.contactName')}>{application.contactName}</Descriptions.Item>
            <Descriptions.Item label={t('sellers:fields.phone')}>{application.phone}</Descriptions.Item>
            <Descriptions.Item label={t('sellers:fields.email')}>{application.email}</Descriptions.Item>
            <Descriptions.Item label={t('sellers:fields.country')}>{application.countryName || application.countryId}</Descriptions.Item>
            <Descriptions.Item label={t('queues:fields.createdAt')}>
              <Time value={application.createdAt} />
            </Descriptions.Item>
            <Descriptions.Item label={t('sellers:fields.description')} span={2}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{application.description}</Typography.Paragraph>
            </Descriptions.Item>
            {application.reviewedAt ? (
              <Descriptions.Item label={t('sellers:fields.reviewedAt')}>
                <Time value={application.reviewedAt} />
              </Descriptions.Item>
            ) : null}
            {application.state === 'rejected' && application.reason ? (
              <Descriptions.Item label={t('queues:fields.rejectReason')} span={2}>
                {application.reason}
              </Descriptions.Item>
            ) : null}
          </Descriptions>

          <section>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('sellers:pictures.title')}
            </Typography.Title>
            <Image.PreviewGroup>
              <Space wrap>
                {application.logo ? <Image src={application.logo} width={140} alt={t('sellers:pictures.logo')} /> : null}
                {application.documents.map((url, index) => (
                  <Image key={url} src={url} width={140} alt={t('sellers:pictures.document', { index: index + 1 })} />
                ))}
              </Space>
            </Image.PreviewGroup>
          </section>

          {can('sellers.decide') && application.state === 'pending' ? (
            <Space>
              <DecisionButton
                primary
                label={t('sellers:actions.approve')}
                title={t('sellers:actions.approveTitle')}
                description={t('sellers:actions.approveText', { shop: application.shopName, user: application.username })}
                fields={[{ name: 'reason', label: t('queues:fields.reason'), multiline: true }]}
                successText={t('sellers:actions.approved')}
                onConfirm={(values) => decide.mutateAsync({ id: application.id, decision: 'approve', reason: values.reason ?? '' })}
              />
              <DecisionButton
                danger
                label={t('queues:actions.reject')}
                title={t('sellers:actions.rejectTitle')}
                description={t('sellers:actions.rejectText')}
                fields={[{ name: 'reason', label: t('queues:fields.reason'), required: true, multiline: true }]}
                successText={t('sellers:actions.rejected')}
                onConfirm={(values) => decide.mutateAsync({ id: application.id, decision: 'reject', reason: values.reason ?? '' })}
              />
            </Space>
          ) : null}

          <section>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('sellers:history')}
            </Typography.Title>
            <Table<SellerApplication>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={application.history}
              locale={{ emptyText: t('sellers:noHistory') }}
              columns={[
                { title: t('sellers:fields.shopName'), dataIndex: 'shopName' },
                { title: t('queues:fields.state'), dataIndex: 'state', render: (value: string) => <StateTag state={value} /> },
                { title: t('queues:fields.rejectReason'), dataIndex: 'reason' },
                { title: t('queues:fields.createdAt'), dataIndex: 'createdAt', render: (value: string) => <Time value={value} /> },
              ]}
            />
          </section>

          <DecisionTimeline title={t('sellers:decisions')} entries={application.audit} />
          <UserActivity userId={application.userId} />
        </Space>
      )}
    </QueueDrawer>
  );
}
