import { z } from 'zod';

// The two paging shapes legacy clients read (API reference 1.4).

/** Hard ceiling on any page size: no unbounded lists. */
export const MAX_PAGE_SIZE = 100;
/** Legacy `pageNum` beyond this is reset to 1. */
export const MAX_PAGE_NUMBER = 10_000;

/** `pageNum`/`pageSize` lists: `{ pageInfo, pageList }`. */
export const pageInfoSchema = z.object({
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  totalElements: z.number().int(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

export function pagedListSchema<T extends z.ZodType>(item: T) {
  return z.object({ pageInfo: pageInfoSchema, pageList: z.array(item) });
}

/** `page_no`/`page_size` lists (wallet records): the legacy `kernel.web.Page` object. */
export function pageObjectSchema<T extends z.ZodType>(item: T) {
  return z.object({
    elements: z.array(item),
    pageSize: z.number().int(),
    thisPageNumber: z.number().int(),
    totalElements: z.number().int(),
    totalPage: z.number().int(),
    firstElementNumber: z.number().int(),
    lastElementNumber: z.number().int(),
    nextPageNumber: z.number().int(),
    previousPageNumber: z.number().int(),
    firstPage: z.number().int(),
    lastPage: z.boolean(),
  });
}

export interface PageObject<T> {
  elements: T[];
  pageSize: number;
  thisPageNumber: number;
  totalElements: number;
  totalPage: number;
  firstElementNumber: number;
  lastElementNumber: number;
  nextPageNumber: number;
  previousPageNumber: number;
  firstPage: number;
  lastPage: boolean;
}

export function buildPageObject<T>(elements: T[], pageNo: number, pageSize: number, totalElements: number): PageObject<T> {
  const totalPage = Math.max(1, Math.ceil(totalElements / pageSize));
  const first = totalElements === 0 ? 0 : (pageNo - 1) * pageSize + 1;
  const last = totalElements === 0 ? 0 : Math.min(pageNo * pageSize, totalElements);
  return {
    elements,
    pageSize,
    thisPageNumber: pageNo,
    totalElements,
    totalPage,
    firstElementNumber: first,
    lastElementNumber: last,
    nextPageNumber: pageNo >= totalPage ? totalPage : pageNo + 1,
    previousPageNumber: pageNo <= 1 ? 1 : pageNo - 1,
    firstPage: 1,
    lastPage: pageNo >= totalPage,
  };
}

/** Legacy `pageNum`/`pageSize` rules: bad numbers reset rather than fail (the server always did so). */
export function resolvePage(
  pageNum: number | undefined,
  pageSize: number | undefined,
  defaultSize = 20,
): { pageNum: number; pageSize: number; offset: number } {
  const num = pageNum === undefined || pageNum < 1 || pageNum > MAX_PAGE_NUMBER ? 1 : pageNum;
  const size = pageSize === undefined || pageSize < 1 ? defaultSize : Math.min(pageSize, MAX_PAGE_SIZE);
  return { pageNum: num, pageSize: size, offset: (num - 1) * size };
}
