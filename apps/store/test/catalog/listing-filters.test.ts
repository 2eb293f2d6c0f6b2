import { describe, expect, it } from 'vitest';
import { goodsQueryParams, parseId, readListingFilters, writeListingFilters } from '../../src/features/catalog/listing-filters.ts';

const ID = 'c314075404f57a16ecf9fede5d652d0b';
const params = (query: string) => new URLSearchParams(query);

describe('readListingFilters', () => {
  it('reads the flags, sort, category and page of the URL', () => {
    expect(readListingFilters(params(`isNew=1&isHot=true&isRec=1&discount=1&sort=price_desc&categoryId=${ID}&page=3`))).toEqual({
      isNew: true,
      isHot: true,
      isRec: true,
      discount: true,
      sort: 'price_desc',
      categoryId: ID,
      page: 3,
    });
  });

  it('defaults everything for an empty or junk query', () => {
    const defaults = { isNew: false, isHot: false, isRec: false, discount: false, sort: 'default', categoryId: undefined, page: 1 };
    expect(readListingFilters(params(''))).toEqual(defaults);
    expect(readListingFilters(params('isNew=yes&isHot=0&sort=cheapest&categoryId=../etc&page=-1'))).toEqual(defaults);
  });
});

describe('parseId', () => {
  it('accepts 32 hex characters (any case) and refuses the rest', () => {
    expect(parseId(ID)).toBe(ID);
    expect(parseId(ID.toUpperCase())).toBe(ID);
    expect(parseId(` ${ID} `)).toBe(ID);
    for (const raw of [null, undefined, '', ID.slice(1), `${ID}0`, 'g'.repeat(32), "1' or '1'='1"]) expect(parseId(raw)).toBeUndefined();
  });
});

describe('writeListingFilters', () => {
  it('sets a flag and goes back to page 1', () => {
    expect(writeListingFilters(params('page=4'), { isHot: true }).toString()).toBe('isHot=1');
  });

  it('keeps the page when only the page changes, and drops defaults', () => {
    expect(writeListingFilters(params('isNew=1&sort=price_asc'), { page: 2 }).toString()).toBe('isNew=1&sort=price_asc&page=2');
    expect(writeListingFilters(params('isNew=1&page=5'), { page: 1 }).toString()).toBe('isNew=1');
    expect(writeListingFilters(params('sort=price_asc'), { sort: 'default' }).toString()).toBe('');
  });

  it('keeps unrelated parameters such as the search text', () => {
    expect(writeListingFilters(params('k=%22bag%22'), { sort: 'price_asc' }).toString()).toBe('k=%22bag%22&sort=price_asc');
  });

  it('clears a flag and a category, and ignores a malformed category', () => {
    expect(writeListingFilters(params(`isRec=1&categoryId=${ID}`), { isRec: false, categoryId: undefined }).toString()).toBe('');
    expect(writeListingFilters(params(''), { categoryId: 'nope' }).toString()).toBe('');
  });
});

describe('goodsQueryParams', () => {
  it('sends "1" for set flags only and isPrice for the price sorts', () => {
    expect(goodsQueryParams({ isNew: true, isHot: false, isRec: false, discount: true, sort: 'price_asc' })).toEqual({ isNew: '1', discount: '1', isPrice: '1' });
    expect(goodsQueryParams({ isNew: false, isHot: false, isRec: true, discount: false, sort: 'price_desc', categoryId: ID })).toEqual({
      isRec: '1',
      isPrice: '2',
      categoryId: ID,
    });
    expect(goodsQueryParams({ isNew: false, isHot: false, isRec: false, discount: false, sort: 'default', categoryId: 'bad' })).toEqual({});
  });
});
