import { GOODS_DESCRIPTION_MAX, GOODS_NAME_MAX, CATALOGUE_LOCALES, textIn, wholesalePrice } from '@caravan/contract/catalog-console';
import { LANGUAGE_NAMES } from '@caravan/ui/i18n';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Image, Input, Space, Table, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionButton } from '../../components/decision-button.tsx';
import { QueueDrawer, QueuePage, StateFilter, useStateQueue } from '../../components/queue-page.tsx';
import { StateTag } from '../../components/state-tag.tsx';
import { Money, Time } from '../../lib/format.tsx';
import { useCan } from '../../lib/session.ts';
import { categoriesQuery, goodsListQuery, goodsQuery, useGoodsChange, type Goods } from './api.ts';
import { localizedFields, localizedValue } from './localized-fields.ts';

const FILTERS = ['state', 'q', 'categoryId'] as const;
const STATES = ['enabled', 'disabled'] as const;
/** The state words of a good as the state tags show them. */
const shelfState = (enabled: boolean) => (enabled ? 'on_shelf' : 'off_shelf');

/** The platform catalogue: search, category and state filters, server-paged; a good's drawer edits it and takes it off or back on every shop's shelf. */
export default function GoodsPage() {
  const { t, i18n } = useTranslation(['catalog', 'queues', 'common']);
  const { list, state, params } = useStateQueue(FILTERS, 'all');
  const query = useQuery(goodsListQuery(params));
  const categories = useQuery(categoriesQuery);
  const categoryName = new Map((categories.data ?? []).flatMap((top) => [top, ...top.children]).map((category) => [category.id, textIn(category.names, i18n.language)]));

  return (
    <QueuePage<Goods>
      title={t('catalog:goods.title')}
      query={query}
      list={list}
      columns={[
        { title: t('catalog:goods.picture'), dataIndex: 'thumbUrl', render: (url: string, row) => (url ? <Image src={url} width={40} height={40} alt={textIn(row.names, i18n.language)} preview={false} /> : null) },
        { title: t('catalog:fields.name'), dataIndex: 'names', render: (_, row) => <Link to={list.hrefFor(row.id)}>{textIn(row.names, i18n.language)}</Link> },
        { title: t('catalog:goods.category'), dataIndex: 'categoryId', render: (id: string, row) => `${categoryName.get(row.topCategoryId) ?? ''} / ${categoryName.get(id) ?? id}` },
        { title: t('catalog:goods.price'), dataIndex: 'systemPrice', align: 'right', render: (value: string) => <Money value={value} /> },
        { title: t('catalog:goods.listings'), render: (_, row) => t('catalog:goods.listingsShown', { shown: row.visibleListings, total: row.listings }) },
        { title: t('catalog:fields.state'), dataIndex: 'enabled', render: (enabled: boolean) => <StateTag state={shelfState(enabled)} /> },
        { title: t('catalog:goods.updatedAt'), dataIndex: 'updatedAt', render: (value: string) => <Time value={value} /> },
      ]}
      filters={
        <>
          <StateFilter value={state} states={STATES} label={(value) => t(`common:states.${shelfState(value === 'enabled')}`)} onChange={(value) => list.update({ state: value })} />
          <Input.Search aria-label={t('catalog:goods.search')} placeholder={t('catalog:goods.search')} allowClear defaultValue={list.filter.q} onSearch={(value) => list.update({ q: value.trim() })} style={{ width: 280 }} />
          <TreeSelect
            aria-label={t('catalog:goods.category')}
            placeholder={t('catalog:goods.category')}
            allowClear
            showSearch={{ treeNodeFilterProp: 'title' }}
            style={{ width: 260 }}
            value={list.filter.categoryId}
            onChange={(value?: string) => list.update({ categoryId: value })}
            treeData={(categories.data ?? []).map((top) => ({ value: top.id, title: textIn(top.names, i18n.language), children: top.children.map((child) => ({ value: child.id, title: textIn(child.names, i18n.language) })) }))}
          />
        </>
      }
      drawer={<GoodsDrawer id={list.selected} onClose={() => list.select(undefined)} />}
    />
  );
}

function GoodsDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation(['catalog', 'queues', 'common']);
  const can = useCan();
  const one = useQuery({ ...goodsQuery(id ?? ''), enabled: id !== undefined });
  const change = useGoodsChange(id ?? '');
  const reason = { name: 'reason', label: t('queues:fields.reason'), required: true, multiline: true };

  return (
    <QueueDrawer id={id} onClose={onClose} size={720} query={one} title={(goods) => t('catalog:goods.detail', { name: textIn(goods.names, i18n.language) })}>
      {(goods) => (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {can('catalog.write') ? (
            <Space wrap>
              <DecisionButton
                primary
                label={t('catalog:goods.edit')}
                title={t('catalog:goods.editTitle', { name: textIn(goods.names, i18n.language) })}
                description={t('catalog:goods.editText')}
                fields={[
                  ...localizedFields('names', t('catalog:fields.name'), goods.names, { max: GOODS_NAME_MAX }),
                  ...localizedFields('descriptions', t('catalog:fields.description'), goods.descriptions, { max: GOODS_DESCRIPTION_MAX, multiline: true }),
                  {
                    name: 'systemPrice',
                    label: t('catalog:goods.price'),
                    required: true,
                    initialValue: goods.systemPrice,
                    rules: [{ validator: async (_rule, value: string | undefined) => (wholesalePrice.safeParse(value ?? '').success ? undefined : Promise.reject(new Error(t('catalog:goods.priceRule')))) }],
                  },
                  reason,
                ]}
                successText={t('catalog:goods.saved')}
                onConfirm={(values) => change.mutateAsync({ kind: 'update', body: { names: localizedValue(values, 'names'), descriptions: localizedValue(values, 'descriptions'), systemPrice: values.systemPrice ?? '', reason: values.reason ?? '' } })}
              />
              {goods.enabled ? (
                <DecisionButton
                  danger
                  label={t('catalog:goods.disable')}
                  title={t('catalog:goods.disableTitle', { name: textIn(goods.names, i18n.language) })}
                  description={t('catalog:goods.disableText', { count: goods.visibleListings })}
                  fields={[reason]}
                  successText={t('catalog:goods.disabled')}
                  onConfirm={(values) => change.mutateAsync({ kind: 'disable', reason: values.reason ?? '' })}
                />
              ) : (
                <DecisionButton
                  label={t('catalog:goods.enable')}
                  title={t('catalog:goods.enableTitle', { name: textIn(goods.names, i18n.language) })}
                  description={t('catalog:goods.enableText')}
                  fields={[reason]}
                  successText={t('catalog:goods.enabled')}
                  onConfirm={(values) => change.mutateAsync({ kind: 'enable', reason: values.reason ?? '' })}
                />
              )}
            </Space>
          ) : null}
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('catalog:fields.state')}>
              <StateTag state={shelfState(goods.enabled)} />
            </Descriptions.Item>
            <Descriptions.Item label={t('catalog:goods.price')}>
              <Money value={goods.systemPrice} />
            </Descriptions.Item>
            <Descriptions.Item label={t('catalog:goods.listings')}>{t('catalog:goods.listingsShown', { shown: goods.visibleListings, total: goods.listings })}</Descriptions.Item>
            {CATALOGUE_LOCALES.map((locale) => (
              <Descriptions.Item key={locale} label={`${t('catalog:fields.name')} (${LANGUAGE_NAMES[locale]})`}>
                {goods.names[locale] ?? <Typography.Text type="secondary">{t('catalog:fallback')}</Typography.Text>}
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('catalog:fields.description')}>{textIn(goods.descriptions, i18n.language)}</Descriptions.Item>
            <Descriptions.Item label={t('catalog:goods.updatedAt')}>
              <Time value={goods.updatedAt} />
            </Descriptions.Item>
          </Descriptions>
          <section>
            <Typography.Title level={3} style={{ fontSize: 16 }}>
              {t('catalog:goods.variants')}
            </Typography.Title>
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={goods.skus}
              columns={[
                { title: t('catalog:goods.variant'), dataIndex: 'id', render: (value: string) => <Typography.Text code>{value}</Typography.Text> },
                { title: t('catalog:goods.price'), dataIndex: 'price', align: 'right', render: (value: string) => <Money value={value} /> },
                { title: t('catalog:goods.stock'), dataIndex: 'stock', align: 'right' },
              ]}
            />
          </section>
        </Space>
      )}
    </QueueDrawer>
  );
}
