// All goods (spec section 2): new / hot / recommended / discounted filters, price order, 20 a page.
// The state lives in the URL; the home page's "view all" links and the banners (categoryId) land here.
import { Checkbox } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCategoryTree } from '../api/get-category-tree.ts';
import { useGoodsList } from '../api/get-goods-list.ts';
import { GoodsResults } from '../components/goods-results.tsx';
import { SortControl } from '../components/sort-control.tsx';
import { findCategory } from '../categories.ts';
import { goodsQueryParams, LISTING_FLAGS, readListingFilters, writeListingFilters } from '../listing-filters.ts';
import { LISTING_PAGE_SIZE } from '../paging.ts';
import '../catalog.css';

export default function CommodityPage() {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const filters = readListingFilters(params);
  const tree = useCategoryTree();
  const category = findCategory(tree.data, filters.categoryId);
  const query = useGoodsList({ pageNum: filters.page, pageSize: LISTING_PAGE_SIZE, ...goodsQueryParams(filters) });
  const filtersLabelId = useId();
  const categoryName = category ? (category.sub ?? category.top).name : undefined;

  return (
    <div className="catalog-page">
      <h1 className="catalog-page-title">{categoryName ?? t('commodity.title')}</h1>
      {filters.categoryId && (
        <p className="catalog-page-lead">
          <Link to={`?${writeListingFilters(params, { categoryId: undefined }).toString()}`}>{t('commodity.allCategories')}</Link>
        </p>
      )}
      <div className="catalog-toolbar">
        <div className="catalog-toolbar-group" role="group" aria-labelledby={filtersLabelId}>
          <span id={filtersLabelId} className="catalog-toolbar-label">
            {t('filters.label')}
          </span>
          {LISTING_FLAGS.map((flag) => (
            <Checkbox key={flag} checked={filters[flag]} onChange={(event) => setParams(writeListingFilters(params, { [flag]: event.target.checked }))}>
              {t(`filters.${flag}`)}
            </Checkbox>
          ))}
        </div>
        <SortControl value={filters.sort} onChange={(sort) => setParams(writeListingFilters(params, { sort }))} />
      </div>
      <GoodsResults
        query={query}
        page={filters.page}
        pageSize={LISTING_PAGE_SIZE}
        hrefFor={(page) => `?${writeListingFilters(params, { page }).toString()}`}
        empty={t('state.noGoodsFiltered')}
      />
    </div>
  );
}
