import { statementQuery as statementFilterSchema } from '@caravan/contract/console';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Empty, Input, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../components/list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { signedAmount, statementQuery, type StatementLine } from '../../components/user-activity.tsx';
import { errorText } from '../../lib/api.ts';
import { Money, PlatformTime } from '../../lib/format.tsx';

const KINDS = statementFilterSchema.shape.kind.unwrap().options;
const FILTERS = ['userId', 'kind'] as const;

/** A user's wallet statement: every balance change with its reason and the balance after it, paged by the server. */
export default function UsersPage() {
  const { t } = useTranslation(['users', 'queues', 'common']);
  const list = useListParams(FILTERS);
  const userId = list.filter.userId ?? '';
  const query = useQuery({ ...statementQuery(userId, list.page, list.pageSize, list.filter.kind), enabled: userId.length > 0 });
  const data = query.data;

  return (
    <>
      <PageHeader title={t('users:title')} />
      <Space wrap className="console-filters">
        <Input.Search aria-label={t('queues:filters.userId')} placeholder={t('queues:filters.userId')} allowClear defaultValue={userId} onSearch={(value) => list.update({ userId: value.trim() })} style={{ width: 320 }} />
        <Select
          aria-label={t('users:kind')}
          placeholder={t('users:kind')}
          allowClear
          style={{ width: 200 }}
          value={list.filter.kind}
          onChange={(value: string | undefined) => list.update({ kind: value })}
          options={KINDS.map((value) => ({ value, label: t(`queues:kinds.${value}`, { defaultValue: value }) }))}
        />
      </Space>
      {query.error ? <Alert type="error" showIcon title={errorText(query.error, t)} /> : null}
      {!userId ? <Empty description={t('users:hint')} /> : null}
      {data ? (
        <>
          <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('queues:activity.balance')}>
              <Money value={data.balance} />
            </Descriptions.Item>
            <Descriptions.Item label={t('queues:activity.available')}>
              <Money value={data.available} />
            </Descriptions.Item>
            <Descriptions.Item label={t('queues:activity.frozen')}>
              <Money value={data.frozen} />
            </Descriptions.Item>
          </Descriptions>
          <Table<StatementLine>
            rowKey="transferId"
            size="middle"
            loading={query.isFetching}
            dataSource={data.lines.items}
            pagination={{ current: list.page, pageSize: list.pageSize, total: data.lines.total, showSizeChanger: true, showTotal: (total) => t('common:table.total', { total }), onChange: (page, pageSize) => list.update({ page, pageSize }) }}
            columns={[
              { title: t('queues:fields.createdAt'), dataIndex: 'time', render: (value: string) => <PlatformTime value={value} /> },
              { title: t('queues:activity.kind'), dataIndex: 'kind', render: (value: string) => t(`queues:kinds.${value}`, { defaultValue: value }) },
              { title: t('queues:fields.amount'), dataIndex: 'amount', align: 'right', render: (_: string, line) => <Money value={signedAmount(line)} /> },
              { title: t('queues:activity.balanceAfter'), dataIndex: 'balance', align: 'right', render: (value: string) => <Money value={value} /> },
              { title: t('queues:activity.available'), dataIndex: 'available', align: 'right', render: (value: string) => <Money value={value} /> },
              { title: t('users:reference'), render: (_, line) => (line.referenceType ? <Typography.Text code>{`${line.referenceType}:${line.referenceId}`}</Typography.Text> : '--') },
            ]}
          />
        </>
      ) : null}
    </>
  );
}
