// Combined search results (spec section 2): /searchResult?k=<JSON-encoded text> shows the matching
// shops and the first goods, each linking to its full results page.
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSearchGoods } from '../api/search-goods.ts';
import { useSearchShops } from '../api/search-shops.ts';
import { CatalogSection } from '../components/catalog-section.tsx';
import { GoodsGrid } from '../components/goods-grid.tsx';
import { EmptyState, GridSkeleton, LoadError } from '../components/query-feedback.tsx';
import { ShopGrid } from '../components/shop-grid.tsx';
import { HOME_PAGE_SIZE } from '../paging.ts';
import { parseSearchText, searchHref } from '../search-text.ts';
import '../catalog.css';

export default function SearchResultPage() {
  const { t } = useTranslation('catalog');
  const [params] = useSearchParams();
  const text = parseSearchText(params.get('k'));
  const shops = useSearchShops(text);
  const goods = useSearchGoods({ keyword: text, pageNum: 1, pageSize: HOME_PAGE_SIZE });

  if (!text) {
    return (
      <div className="catalog-page">
        <h1 className="catalog-page-title">{t('search.resultTitleEmpty')}</h1>
        <EmptyState>{t('search.enterKeyword')}</EmptyState>
      </div>
    );
  }

  let shopContent;
  if (shops.isPending) shopContent = <GridSkeleton count={4} kind="shop" />;
  else if (shops.isError) shopContent = <LoadError error={shops.error} onRetry={() => void shops.refetch()} />;
  else if (shops.data.length === 0) shopContent = <EmptyState>{t('search.noShops', { text })}</EmptyState>;
  else shopContent = <ShopGrid shops={shops.data} />;

  let goodsContent;
  if (goods.isPending) goodsContent = <GridSkeleton count={HOME_PAGE_SIZE} />;
  else if (goods.isError) goodsContent = <LoadError error={goods.error} onRetry={() => void goods.refetch()} />;
  else if (goods.data.pageList.length === 0) goodsContent = <EmptyState>{t('search.noGoods', { text })}</EmptyState>;
  else goodsContent = <GoodsGrid goods={goods.data.pageList} />;

  const hasMoreGoods = (goods.data?.pageInfo.totalElements ?? 0) > HOME_PAGE_SIZE;
  return (
    <div className="catalog-page">
      <h1 className="catalog-page-title">{t('search.resultTitle', { text })}</h1>
      <CatalogSection title={t('search.shopsSection')} {...(shops.data && shops.data.length > 0 ? { moreHref: searchHref('store', text) } : {})}>
        {shopContent}
      </CatalogSection>
      <CatalogSection title={t('search.goodsSection')} {...(hasMoreGoods ? { moreHref: searchHref('goods', text) } : {})}>
        {goodsContent}
      </CatalogSection>
    </div>
  );
}
