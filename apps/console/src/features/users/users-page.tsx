import { USER_MATCHES_MAX, statementQuery as statementFilterSchema } from '@caravan/contract/console';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Empty, Input, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../components/list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { ClearableSelect } from '../../components/queue-page.tsx';
import { signedAmount, statementQuery, type StatementLine } from '../../components/user-activity.tsx';
import { errorText } from '../../lib/api.ts';
import { Money, PlatformTime, Time } from '../../lib/format.tsx';
import { useCan } from '../../lib/session.ts';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { DecisionButton } from '../../components/decision-button.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { useLockUser, userQuery, usersQuery, type ConsoleUser } from './api.ts';
import { WithdrawAddressSection } from './withdraw-address.tsx';

const KINDS = statementFilterSchema.shape.kind.unwrap().options;
const FILTERS = ['q', 'userId', 'kind'] as const;

/** Users: find them by the beginning of the name, or the exact id or code; their account (lock, logins) and wallet statement, paged by the server. */
export default function UsersPage() {
  const { t } = useTranslation(['users', 'queues', 'common']);
  const list = useListParams(FILTERS);
  const userId = list.filter.userId ?? '';
  const q = list.filter.q ?? '';
  const found = useQuery({ ...usersQuery(q), enabled: q.length > 0 });
  const query = useQuery({ ...statementQuery(userId, list.page, list.pageSize, list.filter.kind), enabled: userId.length > 0 });
  const data = query.data;

  return (
    <>
      <PageHeader title={t('users:title')} />
      <Space wrap className="console-filters">
        <Input.Search aria-label={t('users:search')} placeholder={t('users:search')} allowClear defaultValue={q || userId} onSearch={(value) => list.update({ q: value.trim(), userId: undefined })} style={{ width: 320 }} />
        <ClearableSelect label={t('users:kind')} width={200} value={list.filter.kind} onChange={(value) => list.update({ kind: value })} options={KINDS.map((value) => ({ value, label: t(`queues:kinds.${value}`, { defaultValue: value }) }))} />
      </Space>
      {found.error ? <Alert type="error" showIcon title={errorText(found.error, t)} /> : null}
      {q && !userId && found.data?.more ? <Alert type="info" showIcon title={t('users:more', { count: USER_MATCHES_MAX })} style={{ marginBottom: 8 }} /> : null}
      {q && !userId ? (
        <Table<ConsoleUser>
          rowKey="id"
          size="middle"
          loading={found.isFetching}
          pagination={false}
          dataSource={found.data?.items ?? []}
          locale={{ emptyText: t('users:noMatch') }}
          columns={[
            { title: t('users:fields.username'), dataIndex: 'username', render: (value: string, row) => <Link to={`?userId=${encodeURIComponent(row.id)}`}>{value}</Link> },
            { title: t('users:fields.usercode'), dataIndex: 'usercode' },
            { title: t('users:fields.status'), dataIndex: 'status', render: (value: string) => <StateTag state={value} /> },
            { title: t('users:fields.lastLogin'), dataIndex: 'lastLoginAt', render: (value: string | null) => <Time value={value} /> },
          ]}
        />
      ) : null}
      {userId ? <UserAccount userId={userId} /> : null}
      {query.error ? <Alert type="error" showIcon title={errorText(query.error, t)} /> : null}
      {!userId && !q ? <Empty description={t('users:hint')} /> : null}
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

/** The account: who, state, lock or unlock (with a reason), and the latest logins. */
function UserAccount({ userId }: { userId: string }) {
  const { t } = useTranslation(['users', 'queues', 'common']);
  const can = useCan();
  const one = useQuery(userQuery(userId));
  const lock = useLockUser(userId);
  const user = one.data;
  if (one.error) return <Alert type="error" showIcon title={errorText(one.error, t)} />;
  if (!user) return null;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', marginBottom: 24 }}>
      <Descriptions bordered size="small" column={3}>
        <Descriptions.Item label={t('users:fields.username')}>{user.username}</Descriptions.Item>
        <Descriptions.Item label={t('users:fields.usercode')}>{user.usercode}</Descriptions.Item>
        <Descriptions.Item label={t('users:fields.status')}>
          <StateTag state={user.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('users:fields.role')}>{t(`users:roles.${user.role}`, { defaultValue: user.role })}</Descriptions.Item>
        <Descriptions.Item label={t('users:fields.createdAt')}>
          <Time value={user.createdAt} />
        </Descriptions.Item>
        <Descriptions.Item label={t('users:fields.lastLogin')}>
          <Time value={user.lastLoginAt} /> {user.lastLoginIp ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('users:fields.kycRealName')}>
          {user.kyc.realName === 'none' ? t('users:kycNone') : <StateTag state={user.kyc.realName} />} {user.kyc.name}
        </Descriptions.Item>
        <Descriptions.Item label={t('users:fields.kycAdvanced')}>{user.kyc.advanced === 'none' ? t('users:kycNone') : <StateTag state={user.kyc.advanced} />}</Descriptions.Item>
        <Descriptions.Item label={t('users:fields.kycReviews')}>
          {can('kyc.read') ? <Link to={`${PATHS.kyc}?state=all&applicant=${encodeURIComponent(user.id)}`}>{t('users:kycReviews')}</Link> : '--'}
        </Descriptions.Item>
      </Descriptions>
      {can('users.lock') && user.status !== 'cancelled' ? (
        user.status === 'disabled' ? (
          <DecisionButton label={t('users:unlock')} title={t('users:unlockTitle', { name: user.username })} fields={[{ name: 'reason', label: t('queues:fields.reason'), required: true }]} successText={t('users:unlocked')} onConfirm={(values) => lock.mutateAsync({ lock: false, reason: values.reason ?? '' })} />
        ) : (
          <DecisionButton danger label={t('users:lock')} title={t('users:lockTitle', { name: user.username })} description={t('users:lockText')} fields={[{ name: 'reason', label: t('queues:fields.reason'), required: true }]} successText={t('users:locked')} onConfirm={(values) => lock.mutateAsync({ lock: true, reason: values.reason ?? '' })} />
        )
      ) : null}
      <WithdrawAddressSection userId={user.id} username={user.username} />
      <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
        {t('users:logins')}
      </Typography.Title>
      <Table
        rowKey="at"
        size="small"
        pagination={false}
        dataSource={user.logins}
        columns={[
          { title: t('users:fields.loginAt'), dataIndex: 'at', render: (value: string) => <Time value={value} /> },
          { title: t('users:fields.ip'), dataIndex: 'ip', render: (value: string | null) => value ?? '--' },
          { title: t('users:fields.browser'), dataIndex: 'userAgent', render: (value: string | null) => <Typography.Text ellipsis style={{ maxWidth: 260 }}>{value ?? '--'}</Typography.Text> },
          { title: t('users:fields.ended'), render: (_, login) => (login.endedAt ? `${login.endReason ?? ''}` : '--') },
        ]}
      />
      <Typography.Title level={3} style={{ fontSize: 16, margin: 0 }}>
        {t('users:statement')}
      </Typography.Title>
    </Space>
  );
}
