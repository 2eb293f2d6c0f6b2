import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionButton } from '../../components/decision-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/session.ts';
import { parseValue, settingsQuery, useUpdateSetting, valueText, type Setting } from './api.ts';

/** System parameters (cart maximum, fees, limits ...): each with its rule on the server; changes are audited. */
export default function SettingsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const can = useCan();
  const query = useQuery(settingsQuery);
  const update = useUpdateSetting();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const items = (query.data?.items ?? []).filter((item) => !needle || item.key.includes(needle) || item.description.toLowerCase().includes(needle));

  return (
    <>
      <PageHeader title={t('settings:title')} />
      <Space className="console-filters">
        <Input.Search aria-label={t('settings:search')} placeholder={t('settings:search')} allowClear onChange={(event) => setSearch(event.target.value)} style={{ width: 320 }} />
      </Space>
      {query.error ? <Alert type="error" showIcon title={errorText(query.error, t)} /> : null}
      <Table<Setting>
        rowKey="key"
        size="middle"
        loading={query.isFetching}
        dataSource={items}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        columns={[
          { title: t('settings:fields.key'), dataIndex: 'key', render: (key: string) => <Typography.Text code>{key}</Typography.Text> },
          { title: t('settings:fields.description'), dataIndex: 'description' },
          {
            title: t('settings:fields.value'),
            render: (_, item) => (
              <Typography.Text ellipsis style={{ maxWidth: 260 }} data-setting={item.key}>
                {valueText(item) || '--'}
              </Typography.Text>
            ),
          },
          { title: t('settings:fields.visibility'), dataIndex: 'public', render: (isPublic: boolean) => <Tag>{isPublic ? t('settings:public') : t('settings:private')}</Tag> },
          ...(can('settings.write')
            ? [
                {
                  title: t('settings:fields.actions'),
                  render: (_: unknown, item: Setting) => (
                    <DecisionButton
                      label={t('settings:edit')}
                      title={t('settings:editTitle', { key: item.key })}
                      description={`${item.description} ${t('settings:defaultIs', { value: valueText({ kind: item.kind, value: item.default }) || '--' })}`}
                      fields={[
                        {
                          name: 'value',
                          label: t('settings:fields.value'),
                          initialValue: valueText(item),
                          multiline: item.kind === 'json' || (item.kind === 'string' && valueText(item).length > 60),
                          rules: [{ validator: async (_rule, text: string | undefined) => (parseValue(item.kind, text ?? '').ok ? undefined : Promise.reject(new Error(t(`settings:kinds.${item.kind}`)))) }],
                        },
                        { name: 'reason', label: t('settings:reason'), required: true },
                      ]}
                      successText={t('settings:saved', { key: item.key })}
                      onConfirm={(values) => {
                        const parsed = parseValue(item.kind, values.value ?? '');
                        return update.mutateAsync({ key: item.key, value: parsed.ok ? parsed.value : values.value, reason: values.reason ?? '' });
                      }}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
