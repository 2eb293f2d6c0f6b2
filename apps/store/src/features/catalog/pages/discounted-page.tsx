// Discounted goods (spec section 2): goods whose discount is running now, by price if asked, 20 a page.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useGoodsList } from '../api/get-goods-list.ts';
import { GoodsResults } from '../components/goods-results.tsx';
import { SortControl } from '../components/sort-control.tsx';
import { goodsQueryParams, readListingFilters, writeListingFilters } from '../listing-filters.ts';
import { LISTING_PAGE_SIZE } from '../paging.ts';
import '../catalog.css';

export default function DiscountedPage() {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const filters = { ...readListingFilters(params), discount: true };
  const query = useGoodsList({ pageNum: filters.page, pageSize: LISTING_PAGE_SIZE, ...goodsQueryParams(filters) });
  return (
    <div className="catalog-page">
      <h1 className="catalog-page-title">{t('discounted.title')}</h1>
      <p className="catalog-page-lead">{t('discounted.lead')}</p>
      <div className="catalog-toolbar">
        <SortControl value={filters.sort} onChange={(sort) => setParams(writeListingFilters(params, { sort }))} />
      </div>
      <GoodsResults
        query={query}
        page={filters.page}
        pageSize={LISTING_PAGE_SIZE}
        hrefFor={(page) => `?${writeListingFilters(params, { page }).toString()}`}
        empty={t('state.noDiscounts')}
      />
    </div>
  );
}
