// Wallet records: the `page_no`/`page_size` lists answer the legacy Page object (API reference 1.4),
// states are the legacy numbers (spec section 4 "Wallet records"), and the wallet page's tab travels
// in the `index` query value.
import type { PageObject } from '@caravan/contract/paging';

/** Spec section 9: recharge records 8 a page, withdrawal records 20, user lists 20. */
export const RECHARGE_RECORDS_PAGE_SIZE = 8;
export const WITHDRAW_RECORDS_PAGE_SIZE = 20;
export const STATEMENT_PAGE_SIZE = 20;
/** The server's ceiling on page_size. */
export const MAX_PAGE_SIZE = 100;

export type RecordState = 'processing' | 'success' | 'failure';

/** 0 in process, 1 succeeded, 2 failed; anything else is shown as still in process. */
export function recordStateOf(state: number | string | null | undefined): RecordState {
  const code = Number(state);
  if (code === 1) return 'success';
  if (code === 2) return 'failure';
  return 'processing';
}

/** The request of one page: page_no a positive whole number, page_size within 1..100. */
export function pageRequest(pageNo: number, pageSize: number): { page_no: number; page_size: number } {
  const no = Number.isSafeInteger(pageNo) && pageNo >= 1 ? pageNo : 1;
  const size = Number.isSafeInteger(pageSize) && pageSize >= 1 ? Math.min(pageSize, MAX_PAGE_SIZE) : 1;
  return { page_no: no, page_size: size };
}

export function emptyPage<T>(pageSize: number): PageObject<T> {
  return {
    elements: [],
    pageSize,
    thisPageNumber: 1,
    totalElements: 0,
    totalPage: 1,
    firstElementNumber: 0,
    lastElementNumber: 0,
    nextPageNumber: 1,
    previousPageNumber: 1,
    firstPage: 1,
    lastPage: true,
  };
}

/** The Page object (or a partial one, as the legacy `data: {}`) read defensively. */
export function pageItems<T>(page: Partial<PageObject<T>> | null | undefined): T[] {
  return Array.isArray(page?.elements) ? page.elements : [];
}

/** What a paginator needs from a Page object. */
export function paginationOf(page: Partial<PageObject<unknown>> | null | undefined, requested: { pageNo: number; pageSize: number }) {
  const total = Number.isSafeInteger(page?.totalElements) && (page?.totalElements ?? 0) >= 0 ? (page?.totalElements ?? 0) : 0;
  const current = Number.isSafeInteger(page?.thisPageNumber) && (page?.thisPageNumber ?? 0) >= 1 ? (page?.thisPageNumber ?? 1) : requested.pageNo;
  const pageSize = Number.isSafeInteger(page?.pageSize) && (page?.pageSize ?? 0) >= 1 ? (page?.pageSize ?? requested.pageSize) : requested.pageSize;
  return { current, pageSize, total };
}

// ---- tabs of the wallet page ------------------------------------------------------------------------

export const WALLET_TABS = ['statement', 'recharge', 'withdraw'] as const;
export type WalletTab = (typeof WALLET_TABS)[number];

/** `index` query value -> tab: the position (0, 1, 2) or the name; anything else is the statement. */
export function parseWalletTab(index: string | null | undefined): WalletTab {
  const value = (index ?? '').trim();
  const byPosition = /^\d+$/.test(value) ? WALLET_TABS[Number(value)] : undefined;
  if (byPosition) return byPosition;
  return (WALLET_TABS as readonly string[]).includes(value) ? (value as WalletTab) : 'statement';
}

/** tab -> `index` query value */
export function walletTabIndex(tab: WalletTab): string {
  return String(WALLET_TABS.indexOf(tab));
}

/** "USDT_TRC20" -> "TRC20"; a bare coin ("BTC") is its own network. */
export function networkOf(coinBlockchain: string | null | undefined): string {
  const text = (coinBlockchain ?? '').trim();
  const separator = text.indexOf('_');
  return separator >= 0 ? text.slice(separator + 1) : text;
}
