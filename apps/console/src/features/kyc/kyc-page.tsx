// Identity verification (issue 19): the queue of real-name and advanced submissions, modelled on the
// seller-application queue: filter by state, level and applicant, a drawer with the submitted fields,
// the pictures (signed URLs that expire, zoomable), the user's other submissions and every decision;
// approve (optional reason) and reject (reason required, shown to the user), both confirmed.
import { KYC_LEVELS, KYC_STATES } from '@caravan/contract/kyc';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Image, Input, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionButton } from '../../components/decision-button.tsx';
import { DecisionTimeline } from '../../components/decision-timeline.tsx';
import { QueueDrawer, QueuePage, StateFilter, useStateQueue } from '../../components/queue-page.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { Time } from '../../lib/format.tsx';
import { useCan } from '../../lib/session.ts';
import { kycListQuery, kycQuery, useKycDecision, type KycSubmission } from './api.ts';

const FILTERS = ['state', 'level', 'applicant'] as const;

export default function KycPage() {
  const { t } = useTranslation(['kyc', 'queues', 'common']);
  const { list, state, params } = useStateQueue(FILTERS, 'pending');
  const query = useQuery(kycListQuery(params));

  return (
    <QueuePage<KycSubmission>
      title={t('kyc:title')}
      query={query}
      list={list}
      columns={[
        {
          title: t('kyc:fields.applicant'),
          dataIndex: 'username',
          render: (value: string, row) => <Link to={list.hrefFor(row.id)}>{value || row.userId}</Link>,
        },
        { title: t('kyc:fields.level'), dataIndex: 'level', render: (value: string) => t(`kyc:levels.${value}`) },
        { title: t('kyc:fields.name'), dataIndex: 'name', render: (value: string, row) => (row.level === 'real_name' ? value : row.city) },
        { title: t('kyc:fields.nationality'), dataIndex: 'nationalityName' },
        { title: t('queues:fields.state'), dataIndex: 'state', render: (value: string) => <StateTag state={value} /> },
        { title: t('queues:fields.createdAt'), dataIndex: 'createdAt', sorter: (a, b) => a.createdAt.localeCompare(b.createdAt), render: (value: string) => <Time value={value} /> },
      ]}
      filters={
        <>
          <StateFilter value={state} states={KYC_STATES} label={(value) => t(`common:states.${value}`)} onChange={(value) => list.update({ state: value })} />
          <Select
            aria-label={t('kyc:filters.level')}
            placeholder={t('kyc:filters.level')}
            allowClear
            value={list.filter.level || undefined}
            onChange={(value?: string) => list.update({ level: value ?? '' })}
            options={KYC_LEVELS.map((level) => ({ value: level, label: t(`kyc:levels.${level}`) }))}
            style={{ width: 200 }}
          />
          <Input.Search
            aria-label={t('kyc:filters.applicant')}
            placeholder={t('kyc:filters.applicant')}
            allowClear
            defaultValue={list.filter.applicant}
            onSearch={(value) => list.update({ applicant: value.trim() })}
            style={{ width: 260 }}
          />
        </>
      }
      drawer={<KycDrawer id={list.selected} onClose={() => list.select(undefined)} />}
    />
  );
}

function KycDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t } = useTranslation(['kyc', 'queues', 'common']);
  const can = useCan();
  const one = useQuery({ ...kycQuery(id ?? ''), enabled: id !== undefined });
  const decide = useKycDecision();

  return (
    <QueueDrawer id={id} onClose={onClose} size={760} query={one} title={(submission) => t('kyc:detail', { level: t(`kyc:levels.${submission.level}`), name: submission.username })}>
      {(submission) => (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label={t('queues:fields.state')}>
              <StateTag state={submission.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('kyc:fields.applicant')}>{`${submission.username} (${submission.userId})`}</Descriptions.Item>
            {submission.level === 'real_name' ? (
              <>
                <Descriptions.Item label={t('kyc:fields.name')}>{submission.name}</Descriptions.Item>
                <Descriptions.Item label={t('kyc:fields.nationality')}>{submission.nationalityName || submission.nationality}</Descriptions.Item>
                <Descriptions.Item label={t('kyc:fields.documentType')}>{t(`kyc:documentTypes.${submission.documentType}`, { defaultValue: submission.documentType })}</Descriptions.Item>
                <Descriptions.Item label={t('kyc:fields.documentNumber')}>
                  <Typography.Text copyable>{submission.documentNumber}</Typography.Text>
                </Descriptions.Item>
              </>
            ) : (
              <>
                <Descriptions.Item label={t('kyc:fields.address')} span={2}>
                  {submission.address}
                </Descriptions.Item>
                <Descriptions.Item label={t('kyc:fields.city')}>{submission.city}</Descriptions.Item>
                <Descriptions.Item label={t('kyc:fields.postcode')}>{submission.postcode || '--'}</Descriptions.Item>
              </>
            )}
            <Descriptions.Item label={t('queues:fields.createdAt')}>
              <Time value={submission.createdAt} />
            </Descriptions.Item>
            {submission.reviewedAt ? (
              <Descriptions.Item label={t('kyc:fields.reviewedAt')}>
                <Time value={submission.reviewedAt} />
              </Descriptions.Item>
            ) : null}
            {submission.state === 'rejected' && submission.reason ? (
              <Descriptions.Item label={t('queues:fields.rejectReason')} span={2}>
                {submission.reason}
              </Descriptions.Item>
            ) : null}
          </Descriptions>

          <section>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('kyc:pictures.title')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              {t('kyc:pictures.expire')} <Time value={submission.picturesExpireAt} />
            </Typography.Paragraph>
            <Image.PreviewGroup>
              <Space wrap>
                {submission.pictures.map((picture) => (
                  <figure key={picture.role} style={{ margin: 0 }}>
                    <Image src={picture.url} width={180} alt={t(`kyc:pictures.${picture.role}`, { defaultValue: picture.role })} />
                    <figcaption>{t(`kyc:pictures.${picture.role}`, { defaultValue: picture.role })}</figcaption>
                  </figure>
                ))}
              </Space>
            </Image.PreviewGroup>
          </section>

          {can('kyc.decide') && submission.state === 'pending' ? (
            <Space>
              <DecisionButton
                primary
                label={t('kyc:actions.approve')}
                title={t('kyc:actions.approveTitle')}
                description={t('kyc:actions.approveText', { user: submission.username })}
                fields={[{ name: 'reason', label: t('queues:fields.reason'), multiline: true }]}
                successText={t('kyc:actions.approved')}
                onConfirm={(values) => decide.mutateAsync({ id: submission.id, decision: 'approve', reason: values.reason ?? '' })}
              />
              <DecisionButton
                danger
                label={t('queues:actions.reject')}
                title={t('kyc:actions.rejectTitle')}
                description={t('kyc:actions.rejectText')}
                fields={[{ name: 'reason', label: t('queues:fields.reason'), required: true, multiline: true }]}
                successText={t('kyc:actions.rejected')}
                onConfirm={(values) => decide.mutateAsync({ id: submission.id, decision: 'reject', reason: values.reason ?? '' })}
              />
            </Space>
          ) : null}

          <section>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('kyc:history')}
            </Typography.Title>
            <Table<KycSubmission>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={submission.history}
              locale={{ emptyText: t('kyc:noHistory') }}
              columns={[
                { title: t('kyc:fields.level'), dataIndex: 'level', render: (value: string) => t(`kyc:levels.${value}`) },
                { title: t('queues:fields.state'), dataIndex: 'state', render: (value: string) => <StateTag state={value} /> },
                { title: t('queues:fields.rejectReason'), dataIndex: 'reason' },
                { title: t('queues:fields.createdAt'), dataIndex: 'createdAt', render: (value: string) => <Time value={value} /> },
              ]}
            />
          </section>

          <DecisionTimeline title={t('kyc:decisions')} entries={submission.audit} />
        </Space>
      )}
    </QueueDrawer>
  );
}
