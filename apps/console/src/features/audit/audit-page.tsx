import { consoleAuditPage } from '@caravan/contract/console';
import type { Query } from '@caravan/ui/rest-client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Alert, Button, Input, Select, Space, Table, Typography } from 'antd';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { useListParams } from '../../components/list-params.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { api, errorText } from '../../lib/api.ts';
import { Time } from '../../lib/format.tsx';

type Entry = z.output<typeof consoleAuditPage>['items'][number];

const FILTERS = ['actor', 'action', 'targetId', 'fromDate', 'toDate'] as const;
/** Actions operators take, for the filter (any other action can be typed). */
const ACTIONS = ['settings.update', 'recharge.approve', 'recharge.reject', 'withdrawal.approve', 'withdrawal.reject', 'wallet.withdraw_address_changed', 'order.ship', 'order.refund', 'order.refund_reject', 'operator.login', 'operator.logout', 'operator.login_failed', 'operator.locked'];
const PAGE_SIZE = 50;

function dayStart(day: string | undefined, days = 0): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + days).toISOString();
}

/** The audit log: read-only, newest first, "load more" through the server's keyset cursor. */
export default function AuditPage() {
  const { t } = useTranslation(['audit', 'common']);
  const list = useListParams(FILTERS);
  const { fromDate, toDate, ...filter } = list.filter;
  const params: Query = { ...filter, from: dayStart(fromDate), to: dayStart(toDate, 1), pageSize: PAGE_SIZE };
  const query = useInfiniteQuery({
    queryKey: ['audit', params],
    queryFn: ({ pageParam }) => api.get('/audit', consoleAuditPage, { ...params, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <PageHeader title={t('audit:title')} />
      <Space wrap className="console-filters">
        <Input.Search aria-label={t('audit:filters.actor')} placeholder={t('audit:filters.actor')} allowClear defaultValue={list.filter.actor} onSearch={(value) => list.update({ actor: value.trim() })} style={{ width: 200 }} />
        <Select
          aria-label={t('audit:filters.action')}
          placeholder={t('audit:filters.action')}
          allowClear
          showSearch
          style={{ width: 220 }}
          value={list.filter.action}
          onChange={(value: string | undefined) => list.update({ action: value })}
          options={ACTIONS.map((value) => ({ value, label: t(`audit:actions.${value.replace('.', '_')}`, { defaultValue: value }) }))}
        />
        <Input.Search aria-label={t('audit:filters.target')} placeholder={t('audit:filters.target')} allowClear defaultValue={list.filter.targetId} onSearch={(value) => list.update({ targetId: value.trim() })} style={{ width: 280 }} />
        <Input type="date" aria-label={t('audit:filters.from')} value={fromDate ?? ''} onChange={(event) => list.update({ fromDate: event.target.value })} style={{ width: 160 }} />
        <Input type="date" aria-label={t('audit:filters.to')} value={toDate ?? ''} onChange={(event) => list.update({ toDate: event.target.value })} style={{ width: 160 }} />
      </Space>
      {query.error ? <Alert type="error" showIcon title={errorText(query.error, t)} /> : null}
      <Table<Entry>
        rowKey="id"
        size="middle"
        loading={query.isFetching}
        dataSource={items}
        pagination={false}
        expandable={{ expandedRowRender: (entry) => <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(entry.detail, null, 2)}</pre>, rowExpandable: (entry) => Object.keys(entry.detail).length > 0 }}
        columns={[
          { title: t('audit:fields.at'), dataIndex: 'at', render: (value: string) => <Time value={value} /> },
          { title: t('audit:fields.actor'), render: (_, entry) => `${t(`audit:actorTypes.${entry.actorType}`, { defaultValue: entry.actorType })}${entry.actorName ? ` · ${entry.actorName}` : ''}` },
          { title: t('audit:fields.action'), dataIndex: 'action', render: (value: string) => <span data-action={value}>{t(`audit:actions.${value.replace('.', '_')}`, { defaultValue: value })}</span> },
          { title: t('audit:fields.target'), render: (_, entry) => (entry.targetType ? <Typography.Text code>{`${entry.targetType}:${entry.targetId ?? ''}`}</Typography.Text> : '--') },
          { title: t('audit:fields.reason'), dataIndex: 'reason', render: (value: string | null) => value || '--' },
        ]}
      />
      {query.hasNextPage ? (
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('audit:loadMore')}
          </Button>
        </div>
      ) : null}
    </>
  );
}
