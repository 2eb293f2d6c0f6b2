// Listing goods from the platform's wholesale catalogue: browse and search it (with suggestions), pick
// several, set one profit ratio within the platform's range and an optional discount, see each good's
// exact prices, then list them all at once (goods!addOrUpdate).
import type { SystemGoodsVo } from '@caravan/contract/sellers';
import { Amount } from '@caravan/ui/amount.tsx';
import { ScrollRegion } from '@caravan/ui/scroll-region.tsx';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, AutoComplete, Button, Card, Checkbox, Col, Form, Input, Row, Space, Table, Tag, TreeSelect, type TableColumnsType } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { useListParams } from '@caravan/ui/list-params';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { errorText } from '../../lib/api.ts';
import { catalogueQuery, categoriesQuery, productParamsQuery, suggestionsQuery, useAddGoods, SUGGEST_MIN_LENGTH } from './api.ts';
import { categoryTree } from './category-tree.ts';
import { previewPrices } from './listing-rules.ts';
import { PricingFields, readPricing, type PricingValues } from './pricing-fields.tsx';

/** Goods listed in one go (the contract's list of ids). */
export const MAX_GOODS_PER_LISTING = 100;

function SelectedPreview({ goods, values, onRemove }: { goods: SystemGoodsVo[]; values: PricingValues; onRemove: (id: string) => void }) {
  const { t } = useTranslation('goods');
  const params = useQuery(productParamsQuery);
  const pricing = readPricing(values, params.data);
  const columns: TableColumnsType<SystemGoodsVo> = [
    { key: 'name', title: t('columns.goods'), render: (_, good) => <span dir="auto">{good.name}</span> },
    { key: 'wholesale', title: t('pricing.wholesale'), align: 'end', render: (_, good) => <Amount value={good.systemPrice} /> },
    {
      key: 'selling',
      title: t('pricing.selling'),
      align: 'end',
      render: (_, good) => {
        const prices = pricing ? previewPrices(good.systemPrice, pricing.percent, pricing.discount?.discount) : undefined;
        return prices ? <Amount value={prices.selling} className={prices.discounted ? 'seller-strike' : undefined} /> : '--';
      },
    },
    ...(pricing?.discount
      ? [
          {
            key: 'discounted',
            title: t('pricing.discounted'),
            align: 'end' as const,
            render: (_: unknown, good: SystemGoodsVo) => <Amount value={previewPrices(good.systemPrice, pricing.percent, pricing.discount?.discount)?.discounted} />,
          },
        ]
      : []),
    {
      key: 'margin',
      title: t('pricing.margin'),
      align: 'end',
      render: (_, good) => {
        const prices = pricing ? previewPrices(good.systemPrice, pricing.percent, pricing.discount?.discount) : undefined;
        return prices ? <Amount value={prices.margin} /> : '--';
      },
    },
    {
      key: 'remove',
      title: t('add.remove'),
      render: (_, good) => (
        <Button size="small" type="link" onClick={() => onRemove(good.id)} aria-label={t('add.removeOne', { name: good.name })}>
          {t('add.remove')}
        </Button>
      ),
    },
  ];
  return (
    <ScrollRegion label={t('add.pricing', { number: goods.length })}>
      <Table<SystemGoodsVo> rowKey="id" size="small" columns={columns} dataSource={goods} pagination={false} data-testid="add-preview" locale={{ emptyText: t('add.noneSelected') }} />
    </ScrollRegion>
  );
}

export default function AddGoodsPage() {
  const { t } = useTranslation(['goods', 'common']);
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const list = useListParams(['name', 'categoryId', 'all'] as const);
  const [typed, setTyped] = useState(list.filter.name ?? '');
  const catalogue = useQuery(catalogueQuery({ pageNum: list.page, pageSize: list.pageSize, name: list.filter.name, categoryId: list.filter.categoryId, unlisted: list.filter.all === '1' ? undefined : '1' }));
  const suggestions = useQuery(suggestionsQuery(typed.trim()));
  const categories = useQuery(categoriesQuery);
  const params = useQuery(productParamsQuery);
  const add = useAddGoods();
  const [form] = Form.useForm<PricingValues>();
  const values = Form.useWatch([], form) ?? {};
  const [picked, setPicked] = useState<Map<string, SystemGoodsVo>>(new Map());

  const columns: TableColumnsType<SystemGoodsVo> = [
    {
      key: 'name',
      title: t('goods:columns.goods'),
      render: (_, good) => (
        <span className="seller-goods-cell">
          {good.imgUrl1 ? <img src={good.imgUrl1} alt="" loading="lazy" /> : null}
          <span dir="auto">{good.name}</span>
          {good.isListed ? <Tag>{t('goods:add.listed')}</Tag> : null}
        </span>
      ),
    },
    { key: 'category', title: t('goods:columns.category'), render: (_, good) => [good.categoryName, good.secondaryCateName].filter(Boolean).join(' / ') || '--' },
    { key: 'wholesale', title: t('goods:columns.wholesale'), align: 'end', render: (_, good) => <Amount value={good.systemPrice} /> },
    { key: 'stock', title: t('goods:columns.stock'), align: 'end', dataIndex: 'stock' },
    { key: 'buyMin', title: t('goods:columns.buyMin'), align: 'end', dataIndex: 'buyMin' },
  ];

  const pageRows = catalogue.data?.pageList ?? [];
  const setPage = (keys: readonly Key[]) => {
    const next = new Map(picked);
    for (const good of pageRows) {
      if (keys.includes(good.id)) next.set(good.id, good);
      else next.delete(good.id);
    }
    setPicked(next);
  };

  const submit = async () => {
    const checked = await form.validateFields().catch(() => undefined);
    const pricing = checked ? readPricing(checked, params.data) : undefined;
    if (!pricing || picked.size === 0) return;
    const ids = [...picked.keys()];
    modal.confirm({
      title: t('goods:add.confirmTitle', { number: ids.length }),
      content: t('goods:add.confirmText'),
      okText: t('goods:add.submit'),
      cancelText: t('common:actions.cancel'),
      onOk: () =>
        add.mutateAsync({ goodsIds: ids, percent: pricing.percent, discount: pricing.discount }).then(
          (answer) => {
            void message.success(t('goods:add.done', { added: answer.added, updated: answer.updated }));
            setPicked(new Map());
            void navigate(PATHS.goods);
          },
          (error: unknown) => void message.error(errorText(error, t)),
        ),
    });
  };

  return (
    <>
      <PageHeader title={t('goods:add.title')} />
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={14}>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('goods:add.catalogue')}</h2>} size="small">
            <Space wrap className="seller-filters">
              <AutoComplete
                value={typed}
                options={(suggestions.data ?? []).map((entry) => ({ value: entry.name, label: <span dir="auto">{entry.name}</span> }))}
                onChange={setTyped}
                onSelect={(value: string) => list.update({ name: value })}
                style={{ width: 260 }}
              >
                <Input.Search
                  aria-label={t('goods:add.search')}
                  placeholder={t('goods:add.searchHint', { number: SUGGEST_MIN_LENGTH })}
                  allowClear
                  onSearch={(value) => list.update({ name: value.trim() })}
                />
              </AutoComplete>
              <TreeSelect
                aria-label={t('goods:filters.category')}
                placeholder={t('goods:filters.category')}
                allowClear
                showSearch={{ treeNodeFilterProp: 'title' }}
                value={list.filter.categoryId}
                treeData={categoryTree(categories.data)}
                onChange={(value: string | undefined) => list.update({ categoryId: value })}
                style={{ width: 220 }}
              />
              <Checkbox checked={list.filter.all === '1'} onChange={(event) => list.update({ all: event.target.checked ? '1' : undefined })}>
                {t('goods:add.showListed')}
              </Checkbox>
            </Space>
            {catalogue.isError ? <LoadError error={catalogue.error} onRetry={() => catalogue.refetch()} /> : null}
            <ScrollRegion label={t('goods:add.catalogue')}>
              <Table<SystemGoodsVo>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={pageRows}
              loading={catalogue.isPending || catalogue.isFetching}
              locale={{ emptyText: t('goods:add.emptyCatalogue') }}
              rowSelection={{
                selectedRowKeys: pageRows.filter((good) => picked.has(good.id)).map((good) => good.id),
                onChange: setPage,
                getCheckboxProps: (good) => ({ 'aria-label': t('goods:select', { name: good.name }), disabled: !picked.has(good.id) && picked.size >= MAX_GOODS_PER_LISTING }),
              }}
              pagination={{ current: list.page, pageSize: list.pageSize, total: catalogue.data?.pageInfo.totalElements ?? 0, showSizeChanger: true, onChange: (page, pageSize) => list.update({ page, pageSize }) }}
              />
            </ScrollRegion>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('goods:add.pricing', { number: picked.size })}</h2>} size="small">
            {params.isError ? <LoadError error={params.error} onRetry={() => params.refetch()} /> : null}
            <Form<PricingValues> form={form} layout="vertical" requiredMark="optional" onFinish={() => void submit()} initialValues={{ discountOn: false }}>
              <PricingFields form={form} params={params.data} />
              <SelectedPreview
                goods={[...picked.values()]}
                values={values}
                onRemove={(id) =>
                  setPicked((current) => {
                    const next = new Map(current);
                    next.delete(id);
                    return next;
                  })
                }
              />
              {picked.size >= MAX_GOODS_PER_LISTING ? <Alert type="info" showIcon title={t('goods:add.limit', { number: MAX_GOODS_PER_LISTING })} style={{ marginBlockStart: 12 }} /> : null}
              <Button type="primary" htmlType="submit" disabled={picked.size === 0} loading={add.isPending} style={{ marginBlockStart: 16 }}>
                {t('goods:add.submitCount', { number: picked.size })}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
    </>
  );
}
