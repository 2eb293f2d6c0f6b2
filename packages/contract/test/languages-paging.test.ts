import { describe, expect, it } from 'vitest';
import { findLocale, isRtl, LOCALES, REQUEST_CODES, resolveLocale } from '../src/languages.ts';
import { buildPageObject, MAX_PAGE_SIZE, resolvePage } from '../src/paging.ts';

describe('languages', () => {
  it('has the 21 interface languages, each with a distinct request code', () => {
    expect(LOCALES).toHaveLength(21);
    expect(new Set(Object.values(REQUEST_CODES)).size).toBe(21);
  });

  it.each([
    ['cn', 'zh-CN'],
    ['tw', 'zh-TW'],
    ['zh-CN', 'zh-CN'],
    ['ZH_tw', 'zh-TW'],
    ['ja', 'ja'],
    ['ar', 'ar'],
    ['ph', 'ph'],
    ['fil', 'ph'],
    [' en ', 'en'],
  ])('maps lang=%s to %s', (lang, locale) => {
    expect(resolveLocale(lang)).toBe(locale);
  });

  it('falls back to English for unknown or missing languages', () => {
    expect(resolveLocale('xx')).toBe('en');
    expect(resolveLocale(undefined)).toBe('en');
    expect(resolveLocale(['ja'])).toBe('en');
    expect(findLocale('klingon')).toBeUndefined();
  });

  it('knows which languages are right-to-left', () => {
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('fa')).toBe(true);
    expect(isRtl('en')).toBe(false);
    expect(isRtl('zh-CN')).toBe(false);
  });
});

describe('paging', () => {
  it('resets out-of-range page numbers and caps page sizes as the legacy server did', () => {
    expect(resolvePage(undefined, undefined)).toEqual({ pageNum: 1, pageSize: 20, offset: 0 });
    expect(resolvePage(0, 10)).toEqual({ pageNum: 1, pageSize: 10, offset: 0 });
    expect(resolvePage(-3, 10).pageNum).toBe(1);
    expect(resolvePage(100_000, 10).pageNum).toBe(1);
    expect(resolvePage(3, 10)).toEqual({ pageNum: 3, pageSize: 10, offset: 20 });
    expect(resolvePage(1, 5000).pageSize).toBe(MAX_PAGE_SIZE);
    expect(resolvePage(1, 0, 8).pageSize).toBe(8);
  });

  it('builds the legacy Page object', () => {
    const page = buildPageObject(['a', 'b'], 2, 2, 5);
    expect(page).toEqual({
      elements: ['a', 'b'],
      pageSize: 2,
      thisPageNumber: 2,
      totalElements: 5,
      totalPage: 3,
      firstElementNumber: 3,
      lastElementNumber: 4,
      nextPageNumber: 3,
      previousPageNumber: 1,
      firstPage: 1,
      lastPage: false,
    });
    const empty = buildPageObject([], 1, 10, 0);
    expect(empty.totalPage).toBe(1);
    expect(empty.lastPage).toBe(true);
    expect(empty.firstElementNumber).toBe(0);
  });
});
