// Categories (spec section 2): the two-level tree beside the goods of the chosen category (either
// level), 20 a page. The chosen category and the page live in the URL; the first one is the default.
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCategoryTree } from '../api/get-category-tree.ts';
import { useGoodsList } from '../api/get-goods-list.ts';
import { GoodsResults } from '../components/goods-results.tsx';
import { EmptyState, LoadError } from '../components/query-feedback.tsx';
import { SortControl } from '../components/sort-control.tsx';
import { findCategory } from '../categories.ts';
import { parseId, readListingFilters, writeListingFilters, goodsQueryParams } from '../listing-filters.ts';
import { LISTING_PAGE_SIZE } from '../paging.ts';
import type { CategoryNode } from '../types.ts';
import '../catalog.css';

function categoryHref(categoryId: string): string {
  return `/classification?categoryId=${encodeURIComponent(categoryId)}`;
}

function CategoryNav({ tree, activeTop, activeId }: { tree: CategoryNode[]; activeTop: string | undefined; activeId: string | undefined }) {
  const { t } = useTranslation('catalog');
  return (
    <nav className="catalog-category-nav" aria-label={t('classification.nav')}>
      <ul>
        {tree.map((top) => (
          <li key={top.categoryId}>
            <Link to={categoryHref(top.categoryId)} className="catalog-category-link" aria-current={activeId === top.categoryId ? 'page' : undefined}>
              {top.iconImg && <img src={top.iconImg} alt="" width={24} height={24} loading="lazy" decoding="async" />}
              <span>{top.name}</span>
            </Link>
            {activeTop === top.categoryId && top.subList.length > 0 && (
              <ul className="catalog-category-sub">
                {top.subList.map((sub) => (
                  <li key={sub.categoryId}>
                    <Link to={categoryHref(sub.categoryId)} className="catalog-category-link" aria-current={activeId === sub.categoryId ? 'page' : undefined}>
                      {sub.name}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function ClassificationPage() {
  const { t } = useTranslation('catalog');
  const [params, setParams] = useSearchParams();
  const tree = useCategoryTree();
  const filters = readListingFilters(params);
  const requested = parseId(params.get('categoryId'));
  const first = tree.data?.[0];
  const path = findCategory(tree.data, requested) ?? (first ? { top: first, sub: undefined } : undefined);
  const active = path ? (path.sub ?? path.top) : undefined;
  const query = useGoodsList(
    { pageNum: filters.page, pageSize: LISTING_PAGE_SIZE, ...goodsQueryParams({ ...filters, categoryId: active?.categoryId }) },
    { enabled: Boolean(active) },
  );

  if (tree.isError) {
    return (
      <div className="catalog-page">
        <h1 className="catalog-page-title">{t('classification.title')}</h1>
        <LoadError error={tree.error} onRetry={() => void tree.refetch()} />
      </div>
    );
  }

  return (
    <div className="catalog-page catalog-columns">
      {tree.data ? (
        <CategoryNav tree={tree.data} activeTop={path?.top.categoryId} activeId={active?.categoryId} />
      ) : (
        <div className="catalog-category-nav catalog-skeleton" aria-hidden="true" />
      )}
      <div className="catalog-column-main">
        <h1 className="catalog-page-title">{active?.name ?? t('classification.title')}</h1>
        {path && path.sub && (
          <p className="catalog-page-lead">
            <Link to={categoryHref(path.top.categoryId)}>{t('classification.allOf', { name: path.top.name })}</Link>
          </p>
        )}
        {path && !path.sub && path.top.subList.length > 0 && (
          <ul className="catalog-chips" aria-label={t('classification.subcategories')}>
            {path.top.subList.map((sub) => (
              <li key={sub.categoryId}>
                <Link to={categoryHref(sub.categoryId)} className="catalog-chip">
                  {sub.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        {tree.data && !active && <EmptyState>{t('state.noCategories')}</EmptyState>}
        {active && (
          <>
            <div className="catalog-toolbar">
              <SortControl value={filters.sort} onChange={(sort) => setParams(writeListingFilters(params, { sort, categoryId: active.categoryId }))} />
            </div>
            <GoodsResults
              query={query}
              page={filters.page}
              pageSize={LISTING_PAGE_SIZE}
              hrefFor={(page) => `?${writeListingFilters(params, { page, categoryId: active.categoryId }).toString()}`}
              empty={t('state.noGoodsInCategory')}
            />
          </>
        )}
      </div>
    </div>
  );
}
