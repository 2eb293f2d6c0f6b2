import { CATALOGUE_LOCALES, CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX, textIn } from '@caravan/contract/catalog-console';
import { LANGUAGE_NAMES } from '@caravan/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecisionButton } from '../../components/decision-button.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/session.ts';
import { categoriesQuery, useCategoryChange, type Category, type TopCategory } from './api.ts';
import { localizedFields, localizedValue } from './localized-fields.ts';

type Row = Category & { children?: Category[] };

/** The two-level category tree: names and descriptions per language, order, shown or hidden; admin changes it. */
export default function CategoriesPage() {
  const { t, i18n } = useTranslation(['catalog', 'queues', 'common']);
  const can = useCan();
  const query = useQuery(categoriesQuery);
  const change = useCategoryChange();
  const tree = query.data ?? [];
  const name = (row: Category) => textIn(row.names, i18n.language);

  const textFields = (row?: Category) => [
    ...localizedFields('names', t('catalog:fields.name'), row?.names, { max: CATEGORY_NAME_MAX }),
    ...localizedFields('descriptions', t('catalog:fields.description'), row?.descriptions, { max: CATEGORY_DESCRIPTION_MAX, multiline: true }),
    { name: 'reason', label: t('queues:fields.reason'), multiline: true },
  ];
  const texts = (values: Record<string, string>) => ({ names: localizedValue(values, 'names'), descriptions: localizedValue(values, 'descriptions'), ...(values.reason ? { reason: values.reason } : {}) });

  const siblingsOf = (row: Category): Category[] => (row.parentId ? (tree.find((top) => top.id === row.parentId)?.children ?? []) : tree);

  const actions = (row: Row) => {
    const siblings = siblingsOf(row);
    const index = siblings.findIndex((sibling) => sibling.id === row.id);
    return (
      <Space size={4}>
        <DecisionButton label={t('catalog:categories.edit')} title={t('catalog:categories.editTitle', { name: name(row) })} fields={textFields(row)} successText={t('catalog:categories.saved')} onConfirm={(values) => change.mutateAsync({ kind: 'update', id: row.id, body: texts(values) })} />
        {row.level === 1 ? (
          <DecisionButton label={t('catalog:categories.addChild')} title={t('catalog:categories.addChildTitle', { name: name(row) })} fields={textFields()} successText={t('catalog:categories.created')} onConfirm={(values) => change.mutateAsync({ kind: 'create', body: { parentId: row.id, ...texts(values) } })} />
        ) : null}
        {index > 0 ? (
          <DecisionButton label={t('catalog:order.up')} title={t('catalog:order.upTitle', { name: name(row), other: name(siblings[index - 1] as Category) })} successText={t('catalog:order.moved')} onConfirm={() => change.mutateAsync({ kind: 'move', id: row.id, direction: 'up' })} />
        ) : null}
        {index >= 0 && index < siblings.length - 1 ? (
          <DecisionButton label={t('catalog:order.down')} title={t('catalog:order.downTitle', { name: name(row), other: name(siblings[index + 1] as Category) })} successText={t('catalog:order.moved')} onConfirm={() => change.mutateAsync({ kind: 'move', id: row.id, direction: 'down' })} />
        ) : null}
        {row.enabled ? (
          <DecisionButton
            danger
            label={t('catalog:categories.disable')}
            title={t('catalog:categories.disableTitle', { name: name(row) })}
            description={row.level === 1 ? t('catalog:categories.disableTopText') : t('catalog:categories.disableText')}
            fields={[{ name: 'reason', label: t('queues:fields.reason'), required: true, multiline: true }]}
            successText={t('catalog:categories.disabled')}
            onConfirm={(values) => change.mutateAsync({ kind: 'disable', id: row.id, reason: values.reason ?? '' })}
          />
        ) : (
          <DecisionButton label={t('catalog:categories.enable')} title={t('catalog:categories.enableTitle', { name: name(row) })} fields={[{ name: 'reason', label: t('queues:fields.reason'), required: true, multiline: true }]} successText={t('catalog:categories.enabled')} onConfirm={(values) => change.mutateAsync({ kind: 'enable', id: row.id, reason: values.reason ?? '' })} />
        )}
      </Space>
    );
  };

  return (
    <>
      <PageHeader
        title={t('catalog:categories.title')}
        extra={
          can('catalog.write') ? (
            <DecisionButton primary label={t('catalog:categories.add')} title={t('catalog:categories.addTitle')} fields={textFields()} successText={t('catalog:categories.created')} onConfirm={(values) => change.mutateAsync({ kind: 'create', body: texts(values) })} />
          ) : null
        }
      />
      {query.error ? <Alert type="error" showIcon title={errorText(query.error, t)} /> : null}
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={query.isFetching && !query.data}
        dataSource={tree as TopCategory[]}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('catalog:fields.name'), render: (_, row) => <span data-category={row.id}>{name(row)}</span> },
          ...CATALOGUE_LOCALES.map((locale) => ({
            title: LANGUAGE_NAMES[locale],
            render: (_: unknown, row: Row) => (row.names[locale] ? row.names[locale] : <Typography.Text type="secondary">{t('catalog:fallback')}</Typography.Text>),
          })),
          { title: t('catalog:fields.state'), render: (_, row) => <StateTag state={row.enabled ? 'shown' : 'hidden'} /> },
          ...(can('catalog.write') ? [{ title: t('catalog:fields.actions'), render: (_: unknown, row: Row) => actions(row) }] : []),
        ]}
      />
    </>
  );
}
