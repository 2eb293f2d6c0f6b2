// A user's recent wallet activity (their statement: every balance change with its reason), shown beside
// a money decision so the operator sees what the user did before.
import { consoleStatement } from '@caravan/contract/console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { api, errorText } from '../lib/api.ts';
import { Money, PlatformTime } from '../lib/format.tsx';

type Line = z.output<typeof consoleStatement>['lines']['items'][number];

export const RECENT_ACTIVITY_LINES = 8;

export const statementQuery = (userId: string, page = 1, pageSize = RECENT_ACTIVITY_LINES, kind?: string) =>
  queryOptions({ queryKey: ['statement', userId, page, pageSize, kind], queryFn: () => api.get(`/users/${encodeURIComponent(userId)}/statement`, consoleStatement, { page, pageSize, kind }) });

export type StatementLine = Line;
/** Directions that take money from the user's available balance (amounts come unsigned). */
export const OUTGOING = new Set(['out', 'hold']);

/** An unsigned statement amount with the sign of its direction. */
export function signedAmount(line: Pick<Line, 'amount' | 'direction'>): string {
  return OUTGOING.has(line.direction) ? `-${line.amount}` : line.amount;
}

export function UserActivity({ userId }: { userId: string }) {
  const { t } = useTranslation(['queues', 'common']);
  const statement = useQuery(statementQuery(userId));
  return (
    <section>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t('queues:activity.title')}
      </Typography.Title>
      <Link to={`/users?userId=${encodeURIComponent(userId)}`}>{t('queues:activity.full')}</Link>
      {statement.error ? <Alert type="error" showIcon title={errorText(statement.error, t)} /> : null}
      {statement.data ? (
        <Descriptions size="small" column={3} style={{ marginBottom: 8 }}>
          <Descriptions.Item label={t('queues:activity.balance')}>
            <Money value={statement.data.balance} />
          </Descriptions.Item>
          <Descriptions.Item label={t('queues:activity.available')}>
            <Money value={statement.data.available} />
          </Descriptions.Item>
          <Descriptions.Item label={t('queues:activity.frozen')}>
            <Money value={statement.data.frozen} />
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Table<Line>
        rowKey="transferId"
        size="small"
        pagination={false}
        loading={statement.isFetching}
        dataSource={statement.data?.lines.items ?? []}
        columns={[
          { title: t('queues:fields.createdAt'), dataIndex: 'time', render: (value: string) => <PlatformTime value={value} /> },
          { title: t('queues:activity.kind'), dataIndex: 'kind', render: (value: string) => t(`queues:kinds.${value}`, { defaultValue: value }) },
          { title: t('queues:fields.amount'), dataIndex: 'amount', align: 'right', render: (_: string, line) => <Money value={signedAmount(line)} /> },
          { title: t('queues:activity.balanceAfter'), dataIndex: 'balance', align: 'right', render: (value: string) => <Money value={value} /> },
        ]}
      />
    </section>
  );
}
