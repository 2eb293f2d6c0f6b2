import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { lastPage, pageFromQuery } from '../list-paging.ts';

/** The list page kept in `?page=`. */
export function usePageQuery(): [number, (page: number, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const setPage = useCallback(
    (next: number, replace = false) => {
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next <= 1) copy.delete('page');
          else copy.set('page', String(next));
          return copy;
        },
        { replace },
      );
    },
    [setParams],
  );
  return [page, setPage];
}

/** A page emptied by removals (or a stale link) moves back to the last page that has items. */
export function useClampPage(page: number, total: number | undefined, pageSize: number, setPage: (page: number, replace?: boolean) => void): void {
  useEffect(() => {
    if (total === undefined) return;
    const last = lastPage(total, pageSize);
    if (page > last) setPage(last, true);
  }, [page, total, pageSize, setPage]);
}
