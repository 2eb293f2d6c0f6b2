// The shop's listings: filters (name, category, shelf), on/off shelf, edit profit and discount, delete.
import type { SellerGoodsVo } from '@caravan/contract/sellers';
import { Amount } from '@caravan/ui/amount.tsx';
import { ScrollRegion } from '@caravan/ui/scroll-region.tsx';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Input, Select, Space, Switch, Table, Tag, TreeSelect, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { useListParams } from '@caravan/ui/list-params';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { errorText } from '../../lib/api.ts';
import { categoriesQuery, goodsQuery, productParamsQuery, useDeleteListings, useUpdateListing } from './api.ts';
import { categoryTree } from './category-tree.ts';
import { ratioToPercent } from './listing-rules.ts';
import { ListingModal } from './listing-modal.tsx';

export default function GoodsPage() {
  const { t } = useTranslation(['goods', 'common']);
  const { modal, message } = App.useApp();
  const list = useListParams(['name', 'categoryId', 'isShelf'] as const);
  const goods = useQuery(goodsQuery({ pageNum: list.page, pageSize: list.pageSize, ...list.filter }));
  const params = useQuery(productParamsQuery);
  const categories = useQuery(categoriesQuery);
  const update = useUpdateListing();
  const remove = useDeleteListings();
  const [editing, setEditing] = useState<SellerGoodsVo | undefined>(undefined);
  const [selected, setSelected] = useState<string[]>([]);

  const toggleShelf = (listing: SellerGoodsVo) => {
    const onShelf = listing.isShelf === 1;
    modal.confirm({
      title: t(onShelf ? 'goods:shelf.offTitle' : 'goods:shelf.onTitle', { name: listing.name }),
      content: t(onShelf ? 'goods:shelf.offText' : 'goods:shelf.onText'),
      okText: t('common:actions.confirm'),
      cancelText: t('common:actions.cancel'),
      onOk: () =>
        update.mutateAsync({ id: listing.id, isShelf: onShelf ? '0' : '1' }).then(
          () => void message.success(t(onShelf ? 'goods:shelf.offDone' : 'goods:shelf.onDone')),
          (error: unknown) => void message.error(errorText(error, t)),
        ),
    });
  };

  const confirmDelete = (ids: string[], name?: string) => {
    modal.confirm({
      title: name ? t('goods:delete.oneTitle', { name }) : t('goods:delete.manyTitle', { number: ids.length }),
      content: t('goods:delete.text'),
      okText: t('goods:delete.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common:actions.cancel'),
      onOk: () =>
        remove.mutateAsync(ids).then(
          (answer) => {
            void message.success(t('goods:delete.done', { number: answer.deleted }));
            setSelected((current) => current.filter((id) => !ids.includes(id)));
          },
          (error: unknown) => void message.error(errorText(error, t)),
        ),
    });
  };

  const columns: TableColumnsType<SellerGoodsVo> = [
    {
      key: 'name',
      title: t('goods:columns.goods'),
      render: (_, listing) => (
        <span className="seller-goods-cell">
          {listing.imgUrl1 ? <img src={listing.imgUrl1} alt="" loading="lazy" /> : null}
          <span>
            <span dir="auto">{listing.name}</span>
            {listing.visible === 0 ? (
              <>
                <br />
                <Tag color="orange">{t('goods:hidden')}</Tag>
              </>
            ) : null}
          </span>
        </span>
      ),
    },
    { key: 'category', title: t('goods:columns.category'), render: (_, listing) => [listing.categoryName, listing.secondaryCateName].filter(Boolean).join(' / ') || '--' },
    { key: 'wholesale', title: t('goods:columns.wholesale'), align: 'end', render: (_, listing) => <Amount value={listing.systemPrice} /> },
    { key: 'profit', title: t('goods:columns.profit'), align: 'end', render: (_, listing) => <span dir="ltr">{ratioToPercent(listing.profitRatio)} %</span> },
    {
      key: 'price',
      title: t('goods:columns.price'),
      align: 'end',
      render: (_, listing) =>
        listing.discountPrice && listing.discountRatio && Number(listing.discountRatio) > 0 ? (
          <span>
            <Amount value={listing.discountPrice} />
            <br />
            <Amount value={listing.sellingPrice} className="seller-strike" />
          </span>
        ) : (
          <Amount value={listing.sellingPrice} />
        ),
    },
    { key: 'sold', title: t('goods:columns.sold'), align: 'end', dataIndex: 'soldNum' },
    {
      key: 'shelf',
      title: t('goods:columns.shelf'),
      render: (_, listing) => (
        <Switch
          checked={listing.isShelf === 1}
          aria-label={t('goods:shelf.label', { name: listing.name })}
          checkedChildren={t('goods:shelf.on')}
          unCheckedChildren={t('goods:shelf.off')}
          onClick={() => toggleShelf(listing)}
        />
      ),
    },
    {
      key: 'actions',
      title: t('common:actions.label'),
      render: (_, listing) => (
        <Space size="small" wrap>
          <Button size="small" onClick={() => setEditing(listing)} aria-label={t('goods:edit.open', { name: listing.name })}>
            {t('goods:edit.button')}
          </Button>
          <Button size="small" danger onClick={() => confirmDelete([listing.id], listing.name)} aria-label={t('goods:delete.open', { name: listing.name })}>
            {t('goods:delete.button')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('goods:title')}
        extra={
          <Link to={PATHS.addGoods}>
            <Button type="primary" tabIndex={-1}>
              {t('goods:addButton')}
            </Button>
          </Link>
        }
      />
      <Space wrap className="seller-filters">
        <Input.Search
          aria-label={t('goods:filters.name')}
          placeholder={t('goods:filters.name')}
          defaultValue={list.filter.name}
          allowClear
          onSearch={(value) => list.update({ name: value.trim() })}
          style={{ width: 240 }}
        />
        <TreeSelect
          aria-label={t('goods:filters.category')}
          placeholder={t('goods:filters.category')}
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          value={list.filter.categoryId}
          treeData={categoryTree(categories.data)}
          onChange={(value: string | undefined) => list.update({ categoryId: value })}
          style={{ width: 240 }}
        />
        <Select
          aria-label={t('goods:filters.shelf')}
          placeholder={t('goods:filters.shelf')}
          allowClear
          value={list.filter.isShelf}
          onChange={(value: string | undefined) => list.update({ isShelf: value })}
          options={[
            { value: '1', label: t('goods:shelf.on') },
            { value: '0', label: t('goods:shelf.off') },
          ]}
          style={{ width: 160 }}
        />
        {selected.length > 0 ? (
          <Button danger onClick={() => confirmDelete(selected)}>
            {t('goods:delete.selected', { number: selected.length })}
          </Button>
        ) : null}
      </Space>
      {goods.isError ? <LoadError error={goods.error} onRetry={() => goods.refetch()} /> : null}
      {goods.data ? (
        <p className="seller-hint" data-testid="goods-counts">
          {t('goods:counts', { listed: goods.data.sellerGoodsNum, catalogue: goods.data.systemGoodsNum, reviews: goods.data.evaluations })}
        </p>
      ) : null}
      <ScrollRegion label={t('goods:title')}>
        <Table<SellerGoodsVo>
        rowKey="id"
        columns={columns}
        dataSource={goods.data?.pageList ?? []}
        loading={goods.isPending || goods.isFetching}
        locale={{
          emptyText: (
            <span>
              {t('goods:empty')} <Link to={PATHS.addGoods}>{t('goods:addButton')}</Link>
            </span>
          ),
        }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), getCheckboxProps: (listing) => ({ 'aria-label': t('goods:select', { name: listing.name }) }) }}
        pagination={{ current: list.page, pageSize: list.pageSize, total: goods.data?.pageInfo.totalElements ?? 0, showSizeChanger: true, onChange: (page, pageSize) => list.update({ page, pageSize }) }}
        />
      </ScrollRegion>
      <ListingModal listing={editing} params={params.data} onClose={() => setEditing(undefined)} />
    </>
  );
}
