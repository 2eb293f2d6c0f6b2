// Goods search results (spec sections 2 and 4): /searchGoods?k=<JSON-encoded text>, 20 a page, with a
// price order and a way over to the shops of the same name.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSearchGoods } from '../api/search-goods.ts';
import { GoodsResults } from '../components/goods-results.tsx';
import { EmptyState } from '../components/query-feedback.tsx';
import { SortControl } from '../components/sort-control.tsx';
import { goodsQueryParams, readListingFilters, writeListingFilters } from '../listing-filters.ts';
import { LISTING_PAGE_SIZE } from '../paging.ts';
import { parseSearchText, searchHref } from '../search-text.ts';
import '../catalog.css';

export default function SearchGoodsPage() {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const text = parseSearchText(params.get('k'));
  const filters = readListingFilters(params);
  const { categoryId: _ignored, ...flags } = goodsQueryParams(filters);
  const query = useSearchGoods({ keyword: text, pageNum: filters.page, pageSize: LISTING_PAGE_SIZE, ...flags });

  if (!text) {
    return (
      <div className="catalog-page">
        <h1 className="catalog-page-title">{t('search.goodsTitleEmpty')}</h1>
        <EmptyState>{t('search.enterKeyword')}</EmptyState>
      </div>
    );
  }
  return (
    <div className="catalog-page">
      <h1 className="catalog-page-title">{t('search.goodsTitle', { text })}</h1>
      <p className="catalog-page-lead">
        <Link to={searchHref('store', text)}>{t('search.seeShops', { text })}</Link>
      </p>
      <div className="catalog-toolbar">
        <SortControl value={filters.sort} onChange={(sort) => setParams(writeListingFilters(params, { sort }))} />
      </div>
      <GoodsResults
        query={query}
        page={filters.page}
        pageSize={LISTING_PAGE_SIZE}
        hrefFor={(page) => `?${writeListingFilters(params, { page }).toString()}`}
        empty={t('search.noGoods', { text })}
      />
    </div>
  );
}
