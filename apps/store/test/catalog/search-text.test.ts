import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_TEXT_LENGTH, parseSearchText, searchHref } from '../../src/features/catalog/search-text.ts';

/** What the page sees: URLSearchParams decodes the query once. */
const kOf = (href: string) => new URL(href, 'http://store.test').searchParams.get('k');

describe('parseSearchText', () => {
  it('reads the JSON-encoded text the search box writes', () => {
    expect(parseSearchText('"linen sweater"')).toBe('linen sweater');
    expect(parseSearchText(JSON.stringify('quote " and \\ backslash'))).toBe('quote " and \\ backslash');
    expect(parseSearchText(JSON.stringify('حقيبة جلد'))).toBe('حقيبة جلد');
  });

  it('round-trips through searchHref for every page kind, including characters URLs treat specially', () => {
    for (const text of ['a&b=c', '100% cotton', 'T-shirt #2', '?', '雨伞 + 帽子', 'emoji 👟 shoes']) {
      for (const kind of ['goods', 'store', 'result'] as const) {
        expect(parseSearchText(kOf(searchHref(kind, text)))).toBe(text);
      }
    }
  });

  it('builds the paths of spec section 2', () => {
    expect(searchHref('goods', 'bag')).toBe('/searchGoods?k=%22bag%22');
    expect(searchHref('store', 'bag')).toBe('/searchStore?k=%22bag%22');
    expect(searchHref('result', 'bag')).toBe('/searchResult?k=%22bag%22');
  });

  it('gives an empty text for missing, blank or non-text values', () => {
    expect(parseSearchText(null)).toBe('');
    expect(parseSearchText(undefined)).toBe('');
    expect(parseSearchText('')).toBe('');
    expect(parseSearchText('   ')).toBe('');
    expect(parseSearchText('""')).toBe('');
    expect(parseSearchText('null')).toBe('');
    expect(parseSearchText('{"a":1}')).toBe('');
    expect(parseSearchText('["x"]')).toBe('');
    expect(parseSearchText('true')).toBe('');
  });

  it('accepts a number as its text and plain (not JSON) text as it is', () => {
    expect(parseSearchText('2026')).toBe('2026');
    expect(parseSearchText('sweater')).toBe('sweater');
    expect(parseSearchText('"cut off')).toBe('cut off');
  });

  it('reads a value that was percent-encoded twice', () => {
    expect(parseSearchText('%22silk%20dress%22')).toBe('silk dress');
    // broken percent-encoding is read as plain text rather than thrown
    expect(parseSearchText('%E0%A4%A')).toBe('%E0%A4%A');
  });

  it('collapses whitespace, removes control characters and cuts to the server limit', () => {
    expect(parseSearchText(JSON.stringify('  red \n\t shoes  '))).toBe('red shoes');
    expect(parseSearchText(JSON.stringify('a\u0000b'))).toBe('a b');
    const long = 'x'.repeat(MAX_SEARCH_TEXT_LENGTH + 50);
    expect(parseSearchText(JSON.stringify(long))).toHaveLength(MAX_SEARCH_TEXT_LENGTH);
    // counted in characters, not UTF-16 units
    const emoji = '👟'.repeat(MAX_SEARCH_TEXT_LENGTH + 1);
    expect([...parseSearchText(JSON.stringify(emoji))]).toHaveLength(MAX_SEARCH_TEXT_LENGTH);
  });
});
