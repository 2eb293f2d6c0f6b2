// A list page's state in its URL (filters, page, page size), in the console and the seller panel, so a reload or a shared link shows the same
// list. Empty values mean "no filter".
import { useSearchParams } from 'react-router';

export const DEFAULT_PAGE_SIZE = 20;
/** The search parameter naming the row whose drawer is open (filters may use `id` themselves). */
const OPEN_PARAM = 'open';

export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? undefined])) as Record<K, string | undefined>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Math.min(100, Math.max(1, Number(params.get('pageSize')) || DEFAULT_PAGE_SIZE));
  const update = (changes: Partial<Record<K | 'page' | 'pageSize', string | number | undefined>>) => {
    const next = new URLSearchParams(params);
    // a new filter starts at the first page
    if (!('page' in changes)) next.delete('page');
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  /** The row whose detail drawer is open (`?open=`), kept on the same page. */
  const select = (id: string | undefined) => {
    const next = new URLSearchParams(params);
    if (id) next.set(OPEN_PARAM, id);
    else next.delete(OPEN_PARAM);
    setParams(next);
  };
  /** The address of this list with one row's drawer open (links keep the keyboard and "open in new tab" working). */
  const hrefFor = (id: string) => {
    const next = new URLSearchParams(params);
    next.set(OPEN_PARAM, id);
    return `?${next.toString()}`;
  };
  return { filter, page, pageSize, update, selected: params.get(OPEN_PARAM) ?? undefined, select, hrefFor };
}
