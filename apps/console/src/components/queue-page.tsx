// The skeleton every console list page shares: its filter bar, the error of the list query, the
// server-paged table wired to the list's URL state (a row click or its link opens the drawer) and
// the drawer itself.
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Drawer, Select, Space, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/api.ts';
import { useListParams } from './list-params.ts';
import { PageHeader } from './page-header.tsx';

/** A page of a console list as the server sends it. */
export interface QueueData<T> {
  items: T[];
  total: number;
  /** the total was capped: there are more than `total` matches */
  totalIsLowerBound?: boolean | undefined;
}

/** The part of the list's URL state (`useListParams`) a table reads and writes. */
export type QueueListState = Pick<ReturnType<typeof useListParams>, 'page' | 'pageSize' | 'update' | 'select'>;

export interface QueueTableProps<T extends { id: string }> {
  query: UseQueryResult<QueueData<T>>;
  list: QueueListState;
  columns: TableColumnsType<T>;
  /** keep the rows on screen while a refresh runs (only the first load shows the spinner) */
  quietRefresh?: boolean;
  /** let antd decide when to offer the page-size changer (instead of always) */
  autoSizeChanger?: boolean;
}

/** The server-paged table of a list page: a row click opens the row's drawer (`?open=`). */
export function QueueTable<T extends { id: string }>({ query, list, columns, quietRefresh, autoSizeChanger }: QueueTableProps<T>) {
  const { t } = useTranslation('common');
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      loading={quietRefresh ? query.isFetching && !query.data : query.isFetching}
      dataSource={query.data?.items ?? []}
      onRow={(row) => ({ onClick: () => list.select(row.id) })}
      pagination={{
        current: list.page,
        pageSize: list.pageSize,
        total: query.data?.total ?? 0,
        ...(autoSizeChanger ? {} : { showSizeChanger: true }),
        showTotal: (total) => t(query.data?.totalIsLowerBound ? 'common:table.moreThan' : 'common:table.total', { total }),
        onChange: (page, pageSize) => list.update({ page, pageSize }),
      }}
      columns={columns}
    />
  );
}

export interface QueuePageProps<T extends { id: string }> extends QueueTableProps<T> {
  title: string;
  /** the filter bar's controls */
  filters: ReactNode;
  /** the detail drawer of the selected row */
  drawer: ReactNode;
  /** beside the title (e.g. a button creating a new row) */
  extra?: ReactNode;
}

/** A list page: header, filter bar, the list query's error, the table and the row's drawer. */
export function QueuePage<T extends { id: string }>({ title, filters, drawer, extra, ...tableProps }: QueuePageProps<T>) {
  const { t } = useTranslation('common');
  const { query } = tableProps;
  return (
    <>
      <PageHeader title={title} extra={extra} />
      <Space wrap className="console-filters">
        {filters}
      </Space>
      {query.error ? <Alert type="error" showIcon title={errorText(query.error, t)} /> : null}
      <QueueTable<T> {...tableProps} />
      {drawer}
    </>
  );
}

/**
 * The URL state of a queue filtered by state: it opens on `initial` (what needs attention) and 'all'
 * lifts the state filter. `params` is what the list query takes.
 */
export function useStateQueue<K extends string>(keys: readonly (K | 'state')[], initial: string) {
  const list = useListParams(keys);
  const state = list.filter.state ?? initial;
  const params = { ...list.filter, state: state === 'all' ? undefined : state, page: list.page, pageSize: list.pageSize };
  return { list, state, params };
}

export interface StateFilterProps {
  value: string;
  states: readonly string[];
  /** the label of one state */
  label(state: string): string;
  onChange(value: string): void;
}

/** The state filter of a queue: its states and 'all', which lifts the filter. */
export function StateFilter({ value, states, label, onChange }: StateFilterProps) {
  const { t } = useTranslation('queues');
  return (
    <Select
      aria-label={t('queues:filters.state')}
      style={{ width: 160 }}
      value={value}
      onChange={onChange}
      options={[{ value: 'all', label: t('queues:filters.all') }, ...states.map((state) => ({ value: state, label: label(state) }))]}
    />
  );
}

export interface ClearableSelectProps {
  /** the aria label and the placeholder */
  label: string;
  width: number;
  value: string | undefined;
  onChange(value: string | undefined): void;
  options: { value: string; label: string }[];
}

/** An optional filter: a select that shows its name until a value is chosen, and can be cleared. */
export function ClearableSelect({ label, width, value, onChange, options }: ClearableSelectProps) {
  return <Select aria-label={label} placeholder={label} allowClear style={{ width }} value={value} onChange={onChange} options={options} />;
}

export interface QueueDrawerProps<R> {
  /** the open row (`?open=`); none closes the drawer */
  id: string | undefined;
  onClose(): void;
  size: number;
  /** the open row's query */
  query: Pick<UseQueryResult<R>, 'data' | 'error'>;
  /** the drawer's title once the row is loaded */
  title(row: R): string;
  /** the row's detail */
  children(row: R): ReactNode;
}

/** The detail drawer of a list's row: loading title, the row query's error, then the row's detail. */
export function QueueDrawer<R>({ id, onClose, size, query, title, children }: QueueDrawerProps<R>) {
  const { t } = useTranslation('common');
  const row = query.data;
  return (
    <Drawer open={id !== undefined} onClose={onClose} size={size} title={row ? title(row) : t('common:loading')} destroyOnHidden>
      {query.error ? <Alert type="error" showIcon title={errorText(query.error, t)} /> : null}
      {row ? children(row) : null}
    </Drawer>
  );
}
