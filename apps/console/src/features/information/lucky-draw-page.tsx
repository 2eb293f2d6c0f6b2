import { ACTIVITY_TITLE_MAX, ACTIVITY_URL_MAX, isActivityUrl } from '@caravan/contract/information';
import { useQuery } from '@tanstack/react-query';
import { Alert, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecisionButton, type DecisionField } from '../../components/decision-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { errorText } from '../../lib/api.ts';
import { Time } from '../../lib/format.tsx';
import { useCan } from '../../lib/session.ts';
import { activitiesQuery, useActivityChange, type Activity } from './api.ts';

const STATE_COLORS: Record<Activity['state'], string> = { scheduled: 'blue', running: 'green', ended: 'default' };

/** "YYYY-MM-DDTHH:mm" in the operator's own time, as a datetime-local field shows it. */
function localInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function parseLocal(value: string | undefined): Date | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/.test(value.trim())) return undefined;
  const date = new Date(value.trim().replace(' ', 'T'));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** The lucky-draw activities the store links to while one runs; admin schedules and ends them. */
export default function LuckyDrawPage() {
  const { t } = useTranslation(['catalog', 'queues', 'common']);
  const can = useCan();
  const query = useQuery(activitiesQuery);
  const change = useActivityChange();
  const open = (query.data?.items ?? []).filter((activity) => activity.state !== 'ended');
  const timeRule = (name: string) => ({ validator: async (_rule: unknown, value: string | undefined) => (parseLocal(value) ? undefined : Promise.reject(new Error(t('catalog:luckyDraw.timeRule', { field: name })))) });

  const fields = (): DecisionField[] => {
    const now = new Date();
    now.setSeconds(0, 0);
    return [
      { name: 'title', label: t('catalog:luckyDraw.activityTitle'), required: true, max: ACTIVITY_TITLE_MAX },
      {
        name: 'detailUrl',
        label: t('catalog:luckyDraw.detailUrl'),
        required: true,
        max: ACTIVITY_URL_MAX,
        rules: [{ validator: async (_rule, value: string | undefined) => (isActivityUrl((value ?? '').trim()) ? undefined : Promise.reject(new Error(t('catalog:luckyDraw.urlRule')))) }],
      },
      { name: 'startsAt', label: t('catalog:luckyDraw.startsAt'), required: true, initialValue: localInput(now), rules: [timeRule(t('catalog:luckyDraw.startsAt'))] },
      { name: 'endsAt', label: t('catalog:luckyDraw.endsAt'), required: true, initialValue: localInput(new Date(now.getTime() + 7 * 86_400_000)), rules: [timeRule(t('catalog:luckyDraw.endsAt'))] },
      { name: 'reason', label: t('queues:fields.reason'), multiline: true },
    ];
  };

  return (
    <>
      <PageHeader
        title={t('catalog:luckyDraw.title')}
        extra={
          can('catalog.write') && open.length === 0 ? (
            <DecisionButton
              primary
              label={t('catalog:luckyDraw.add')}
              title={t('catalog:luckyDraw.addTitle')}
              description={t('catalog:luckyDraw.addText')}
              fields={fields()}
              successText={t('catalog:luckyDraw.saved')}
              onConfirm={(values) =>
                change.mutateAsync({
                  kind: 'create',
                  body: {
                    title: values.title ?? '',
                    detailUrl: values.detailUrl ?? '',
                    startsAt: parseLocal(values.startsAt)?.toISOString() ?? '',
                    endsAt: parseLocal(values.endsAt)?.toISOString() ?? '',
                    ...(values.reason ? { reason: values.reason } : {}),
                  },
                })
              }
            />
          ) : null
        }
      />
      <Typography.Paragraph type="secondary">{t('catalog:luckyDraw.lead')}</Typography.Paragraph>
      {query.error ? <Alert type="error" showIcon title={errorText(query.error, t)} role="alert" style={{ marginBottom: 16 }} /> : null}
      <Table<Activity>
        rowKey="id"
        loading={query.isPending}
        dataSource={query.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: t('catalog:luckyDraw.none') }}
        columns={[
          { title: t('catalog:luckyDraw.activityTitle'), dataIndex: 'title' },
          {
            title: t('catalog:luckyDraw.detailUrl'),
            dataIndex: 'detailUrl',
            render: (url: string) => (
              <a href={url} target="_blank" rel="noopener noreferrer">
                {url}
              </a>
            ),
          },
          { title: t('catalog:luckyDraw.startsAt'), dataIndex: 'startsAt', render: (value: string) => <Time value={value} /> },
          { title: t('catalog:luckyDraw.endsAt'), dataIndex: 'endsAt', render: (value: string) => <Time value={value} /> },
          { title: t('catalog:luckyDraw.state'), dataIndex: 'state', render: (state: Activity['state']) => <Tag color={STATE_COLORS[state]}>{t(`catalog:luckyDraw.states.${state}`)}</Tag> },
          {
            title: '',
            key: 'actions',
            render: (_value, row) =>
              can('catalog.write') && row.state !== 'ended' ? (
                <DecisionButton
                  danger
                  label={t('catalog:luckyDraw.end')}
                  title={t('catalog:luckyDraw.endTitle', { title: row.title })}
                  description={t('catalog:luckyDraw.endText')}
                  fields={[{ name: 'reason', label: t('queues:fields.reason'), multiline: true }]}
                  successText={t('catalog:luckyDraw.ended')}
                  onConfirm={(values) => change.mutateAsync({ kind: 'end', id: row.id, ...(values.reason ? { reason: values.reason } : {}) })}
                />
              ) : null,
          },
        ]}
      />
    </>
  );
}
