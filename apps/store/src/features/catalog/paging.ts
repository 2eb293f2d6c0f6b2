// Page numbers in the URL and the pager's items. Lists answer `{ pageInfo: { totalElements }, pageList }`,
// but some calls (in-shop search) never fill totalElements: then "is there a next page" is guessed from
// a full page.

/** Spec section 9: home lists hold 12, other lists, search and comments 20. */
export const HOME_PAGE_SIZE = 12;
export const LISTING_PAGE_SIZE = 20;
export const REVIEW_PAGE_SIZE = 20;
/** The server resets page numbers beyond this to 1 (contract MAX_PAGE_NUMBER). */
export const MAX_PAGE_NUMBER = 10_000;

/** `page` from the URL: a positive integer up to MAX_PAGE_NUMBER, otherwise 1. */
export function parsePage(raw: string | null | undefined): number {
  if (raw === null || raw === undefined || !/^\d{1,6}$/.test(raw.trim())) return 1;
  const page = Number(raw.trim());
  return page >= 1 && page <= MAX_PAGE_NUMBER ? page : 1;
}

export interface PageWindow {
  /** the last page when the total is known */
  lastPage: number | undefined;
  hasPrevious: boolean;
  hasNext: boolean;
}

/** Where the current page sits, from the answer's total or (when the total is missing) from a full page. */
export function pageWindow(page: number, pageSize: number, totalElements: number | undefined, itemsOnPage: number): PageWindow {
  const size = Math.max(1, pageSize);
  const totalKnown = typeof totalElements === 'number' && totalElements > 0;
  if (totalKnown) {
    const lastPage = Math.min(Math.max(1, Math.ceil(totalElements / size)), MAX_PAGE_NUMBER);
    return { lastPage, hasPrevious: page > 1, hasNext: page < lastPage };
  }
  if (itemsOnPage === 0 && page === 1) return { lastPage: 1, hasPrevious: false, hasNext: false };
  return { lastPage: undefined, hasPrevious: page > 1, hasNext: itemsOnPage >= size && page < MAX_PAGE_NUMBER };
}

export type PagerItem = number | 'gap';

/**
 * Page numbers to show: always the first and last, the current one with `around` neighbours on each
 * side, and a gap where numbers are left out (a gap never stands for a single page).
 */
export function pagerItems(current: number, lastPage: number, around = 2): PagerItem[] {
  const last = Math.max(1, Math.floor(lastPage));
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const shown = new Set<number>([1, last]);
  for (let n = page - around; n <= page + around; n += 1) if (n >= 1 && n <= last) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) items.push(n - 1);
    else if (n - previous > 2) items.push('gap');
    items.push(n);
    previous = n;
  }
  return items;
}
