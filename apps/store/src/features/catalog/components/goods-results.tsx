import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pageWindow } from '../paging.ts';
import type { GoodsVo, PageData } from '../types.ts';
import { useFormatters } from '@caravan/ui/use-formatters';
import { GoodsGrid } from './goods-grid.tsx';
import { Pager } from './pager.tsx';
import { EmptyState, GridSkeleton, LoadError } from './query-feedback.tsx';

export interface GoodsResultsProps {
  query: Pick<UseQueryResult<PageData<GoodsVo>>, 'data' | 'error' | 'isPending' | 'isError' | 'isPlaceholderData' | 'refetch'>;
  page: number;
  pageSize: number;
  hrefFor?: (page: number) => string;
  onPageChange?: (page: number) => void;
  empty: string;
  headingLevel?: 2 | 3;
  showShop?: boolean;
  /** show "N goods" above the grid when the total is known */
  showTotal?: boolean;
}

/** A page of goods with its loading, error and empty states and the pager. */
export function GoodsResults({ query, page, pageSize, hrefFor, onPageChange, empty, headingLevel = 2, showShop = true, showTotal = true }: GoodsResultsProps) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  if (query.isPending) return <GridSkeleton count={Math.min(pageSize, 10)} />;
  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  const list = data?.pageList ?? [];
  const total = data?.pageInfo.totalElements ?? 0;
  if (list.length === 0) return <EmptyState>{empty}</EmptyState>;
  const window = pageWindow(page, pageSize, total, list.length);
  return (
    <div className={query.isPlaceholderData ? 'catalog-results catalog-results-stale' : 'catalog-results'} aria-busy={query.isPlaceholderData}>
      {showTotal && total > 0 && (
        <p className="catalog-results-total" role="status">
          {t('results.total', { count: total, value: format.count(total) })}
        </p>
      )}
      <GoodsGrid goods={list} headingLevel={headingLevel} showShop={showShop} />
      <Pager page={page} window={window} {...(hrefFor ? { hrefFor } : {})} {...(onPageChange ? { onChange: onPageChange } : {})} />
    </div>
  );
}
