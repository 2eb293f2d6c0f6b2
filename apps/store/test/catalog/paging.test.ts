import { describe, expect, it } from 'vitest';
import { HOME_PAGE_SIZE, LISTING_PAGE_SIZE, MAX_PAGE_NUMBER, pageWindow, pagerItems, parsePage, REVIEW_PAGE_SIZE } from '../../src/features/catalog/paging.ts';

describe('page sizes (spec section 9)', () => {
  it('home 12, lists and comments 20', () => {
    expect(HOME_PAGE_SIZE).toBe(12);
    expect(LISTING_PAGE_SIZE).toBe(20);
    expect(REVIEW_PAGE_SIZE).toBe(20);
  });
});

describe('parsePage', () => {
  it('reads positive whole numbers', () => {
    expect(parsePage('1')).toBe(1);
    expect(parsePage('7')).toBe(7);
    expect(parsePage(' 12 ')).toBe(12);
    expect(parsePage(String(MAX_PAGE_NUMBER))).toBe(MAX_PAGE_NUMBER);
  });

  it('falls back to 1 for anything else', () => {
    for (const raw of [null, undefined, '', '0', '-2', '1.5', '2e3', 'abc', '0x10', String(MAX_PAGE_NUMBER + 1), '9999999']) {
      expect(parsePage(raw)).toBe(1);
    }
  });
});

describe('pageWindow', () => {
  it('uses the total when the answer has one', () => {
    expect(pageWindow(1, 20, 45, 20)).toEqual({ lastPage: 3, hasPrevious: false, hasNext: true });
    expect(pageWindow(3, 20, 45, 5)).toEqual({ lastPage: 3, hasPrevious: true, hasNext: false });
    expect(pageWindow(1, 20, 20, 20)).toEqual({ lastPage: 1, hasPrevious: false, hasNext: false });
  });

  it('guesses from a full page when the total is missing (in-shop search)', () => {
    expect(pageWindow(1, 20, 0, 20)).toEqual({ lastPage: undefined, hasPrevious: false, hasNext: true });
    expect(pageWindow(2, 20, 0, 7)).toEqual({ lastPage: undefined, hasPrevious: true, hasNext: false });
    expect(pageWindow(1, 20, undefined, 3)).toEqual({ lastPage: undefined, hasPrevious: false, hasNext: false });
    expect(pageWindow(1, 20, 0, 0)).toEqual({ lastPage: 1, hasPrevious: false, hasNext: false });
  });

  it('never goes past the last page number the server accepts', () => {
    expect(pageWindow(MAX_PAGE_NUMBER, 2, 10 ** 9, 2).lastPage).toBe(MAX_PAGE_NUMBER);
    expect(pageWindow(MAX_PAGE_NUMBER, 2, 0, 2).hasNext).toBe(false);
  });
});

describe('pagerItems', () => {
  it('lists every page when there are few', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps first, last and the neighbours of the current page, with gaps', () => {
    expect(pagerItems(1, 18)).toEqual([1, 2, 3, 'gap', 18]);
    expect(pagerItems(10, 18)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 18]);
    expect(pagerItems(18, 18)).toEqual([1, 'gap', 16, 17, 18]);
  });

  it('shows the single page a gap would hide instead of the gap', () => {
    expect(pagerItems(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 10]);
    expect(pagerItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('clamps a current page outside the range', () => {
    expect(pagerItems(0, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(99, 3)).toEqual([1, 2, 3]);
    expect(pagerItems(1, 0)).toEqual([1]);
  });
});
