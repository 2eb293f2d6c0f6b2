import { buildPageObject } from '@caravan/contract/paging';
import { describe, expect, it } from 'vitest';
import {
  emptyPage,
  MAX_PAGE_SIZE,
  networkOf,
  pageItems,
  pageRequest,
  paginationOf,
  parseWalletTab,
  RECHARGE_RECORDS_PAGE_SIZE,
  recordStateOf,
  STATEMENT_PAGE_SIZE,
  WITHDRAW_RECORDS_PAGE_SIZE,
  walletTabIndex,
} from '../../src/wallet/records-page.ts';

describe('page sizes (spec section 9)', () => {
  it('asks 8 recharge records and 20 withdrawal records a page', () => {
    expect(RECHARGE_RECORDS_PAGE_SIZE).toBe(8);
    expect(WITHDRAW_RECORDS_PAGE_SIZE).toBe(20);
    expect(STATEMENT_PAGE_SIZE).toBe(20);
  });
});

describe('pageRequest', () => {
  it('sends page_no and page_size', () => {
    expect(pageRequest(3, 8)).toEqual({ page_no: 3, page_size: 8 });
  });
  it('never sends a page number the server refuses', () => {
    expect(pageRequest(0, 8).page_no).toBe(1);
    expect(pageRequest(-2, 8).page_no).toBe(1);
    expect(pageRequest(1.5, 8).page_no).toBe(1);
    expect(pageRequest(Number.NaN, 8).page_no).toBe(1);
  });
  it('keeps the page size within 1..100', () => {
    expect(pageRequest(1, 0).page_size).toBe(1);
    expect(pageRequest(1, MAX_PAGE_SIZE).page_size).toBe(100);
    expect(pageRequest(1, MAX_PAGE_SIZE + 1).page_size).toBe(100);
    expect(pageRequest(1, Number.POSITIVE_INFINITY).page_size).toBe(1);
  });
});

describe('reading the Page object', () => {
  it('takes the paginator figures from the server', () => {
    const page = buildPageObject(['a', 'b'], 2, 8, 10);
    expect(paginationOf(page, { pageNo: 2, pageSize: 8 })).toEqual({ current: 2, pageSize: 8, total: 10 });
    expect(pageItems(page)).toEqual(['a', 'b']);
  });
  it('copes with the legacy empty answer and with nothing yet', () => {
    expect(pageItems({})).toEqual([]);
    expect(pageItems(undefined)).toEqual([]);
    expect(pageItems(null)).toEqual([]);
    expect(paginationOf({}, { pageNo: 3, pageSize: 20 })).toEqual({ current: 3, pageSize: 20, total: 0 });
    expect(paginationOf(undefined, { pageNo: 1, pageSize: 8 })).toEqual({ current: 1, pageSize: 8, total: 0 });
  });
  it('ignores nonsense figures', () => {
    const bad = { elements: [], totalElements: -1, thisPageNumber: 0, pageSize: 0 } as never;
    expect(paginationOf(bad, { pageNo: 2, pageSize: 8 })).toEqual({ current: 2, pageSize: 8, total: 0 });
  });
  it('builds an empty page in the server shape', () => {
    expect(emptyPage(8)).toEqual(buildPageObject([], 1, 8, 0));
  });
});

describe('record states (spec section 4)', () => {
  it('maps the legacy numbers', () => {
    expect(recordStateOf(0)).toBe('processing');
    expect(recordStateOf(1)).toBe('success');
    expect(recordStateOf(2)).toBe('failure');
    expect(recordStateOf('1')).toBe('success');
  });
  it('shows anything unknown as still in process, never as a success', () => {
    expect(recordStateOf(3)).toBe('processing');
    expect(recordStateOf(-1)).toBe('processing');
    expect(recordStateOf(undefined)).toBe('processing');
    expect(recordStateOf('abc')).toBe('processing');
  });
});

describe('wallet tabs in the index query value', () => {
  it('reads positions and names', () => {
    expect(parseWalletTab('0')).toBe('statement');
    expect(parseWalletTab('1')).toBe('recharge');
    expect(parseWalletTab('2')).toBe('withdraw');
    expect(parseWalletTab('withdraw')).toBe('withdraw');
  });
  it('falls back to the statement', () => {
    expect(parseWalletTab(null)).toBe('statement');
    expect(parseWalletTab('')).toBe('statement');
    expect(parseWalletTab('3')).toBe('statement');
    expect(parseWalletTab('-1')).toBe('statement');
    expect(parseWalletTab('1e0')).toBe('statement');
    expect(parseWalletTab('constructor')).toBe('statement');
  });
  it('writes positions', () => {
    expect(walletTabIndex('recharge')).toBe('1');
    expect(parseWalletTab(walletTabIndex('withdraw'))).toBe('withdraw');
  });
});

describe('networkOf', () => {
  it('takes the network out of coin_blockchain', () => {
    expect(networkOf('USDT_TRC20')).toBe('TRC20');
    expect(networkOf('BTC')).toBe('BTC');
    expect(networkOf('')).toBe('');
    expect(networkOf(undefined)).toBe('');
  });
});
