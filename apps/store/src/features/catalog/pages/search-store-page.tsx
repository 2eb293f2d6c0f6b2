// Shop search results (spec sections 2 and 4): /searchStore?k=<JSON-encoded text>. The API offers the
// best matching shops through the suggestions call (a handful, unpaged).
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSearchShops } from '../api/search-shops.ts';
import { EmptyState, GridSkeleton, LoadError } from '../components/query-feedback.tsx';
import { ShopGrid } from '../components/shop-grid.tsx';
import { parseSearchText, searchHref } from '../search-text.ts';
import { useFormatters } from '@caravan/ui/use-formatters';
import '../catalog.css';

export default function SearchStorePage() {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  const [params] = useSearchParams();
  const text = parseSearchText(params.get('k'));
  const query = useSearchShops(text);

  if (!text) {
    return (
      <div className="catalog-page">
        <h1 className="catalog-page-title">{t('search.shopsTitleEmpty')}</h1>
        <EmptyState>{t('search.enterKeyword')}</EmptyState>
      </div>
    );
  }
  let content;
  if (query.isPending) content = <GridSkeleton count={4} kind="shop" />;
  else if (query.isError) content = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0) content = <EmptyState>{t('search.noShops', { text })}</EmptyState>;
  else
    content = (
      <>
        <p className="catalog-results-total" role="status">
          {t('search.shopsFound', { count: query.data.length, value: format.count(query.data.length) })}
        </p>
        <ShopGrid shops={query.data} headingLevel={2} />
      </>
    );
  return (
    <div className="catalog-page">
      <h1 className="catalog-page-title">{t('search.shopsTitle', { text })}</h1>
      <p className="catalog-page-lead">
        <Link to={searchHref('goods', text)}>{t('search.seeGoods', { text })}</Link>
      </p>
      {content}
    </div>
  );
}
