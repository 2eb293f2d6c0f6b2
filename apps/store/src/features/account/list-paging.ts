// Paging of the favourites lists through `?page=` (so the back button and shared links keep it).

const MAX_PAGE = 10_000;

/** `?page=` as a page number: 1 unless it is a positive whole number in range. */
export function pageFromQuery(raw: string | null | undefined): number {
  if (typeof raw !== 'string' || !/^[1-9]\d{0,4}$/.test(raw)) return 1;
  const page = Number(raw);
  return page <= MAX_PAGE ? page : 1;
}

/** The last page that has items (1 for an empty list). */
export function lastPage(totalElements: number, pageSize: number): number {
  if (!Number.isFinite(totalElements) || totalElements <= 0 || pageSize <= 0) return 1;
  return Math.ceil(totalElements / pageSize);
}
