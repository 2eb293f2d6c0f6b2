// The search pages carry the searched text in `k`: JSON.stringify(text), URL-encoded (spec section 2).
// Links written by other clients (or by hand) are not always that tidy, so reading is forgiving.

/** The server refuses longer keywords (contract MAX_KEYWORD_LENGTH). */
export const MAX_SEARCH_TEXT_LENGTH = 100;

export type SearchPageKind = 'goods' | 'store' | 'result';

const PAGE_PATHS: Record<SearchPageKind, string> = {
  goods: '/searchGoods',
  store: '/searchStore',
  result: '/searchResult',
};

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

function tidy(text: string): string {
  const clean = text.replace(CONTROL_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  return [...clean].slice(0, MAX_SEARCH_TEXT_LENGTH).join('').trim();
}

function fromJson(raw: string): string | undefined {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'string') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    // objects, arrays, null, booleans: not a search text
    return '';
  } catch {
    return undefined;
  }
}

/**
 * The text of a `k` value as URLSearchParams.get returns it (already percent-decoded once): a JSON
 * string, or (leniently) a doubly encoded one or plain text. Whitespace is collapsed and the result
 * cut to the server's limit; anything unusable gives ''.
 */
export function parseSearchText(raw: string | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  const value = raw.trim();
  if (value.length === 0) return '';
  const parsed = fromJson(value);
  if (parsed !== undefined) return tidy(parsed);
  // encoded twice (k=%2522shoes%2522 arrives as %22shoes%22)
  if (/%[0-9A-Fa-f]{2}/.test(value)) {
    try {
      const decoded = decodeURIComponent(value);
      const again = fromJson(decoded);
      return tidy(again ?? decoded);
    } catch {
      // not valid percent-encoding: read it as plain text below
    }
  }
  // plain text, possibly with a stray quote left from a cut JSON string
  return tidy(value.replace(/^"/, '').replace(/"$/, ''));
}

/** The search page for a text: `?k=` holds JSON.stringify(text), URL-encoded. */
export function searchHref(kind: SearchPageKind, text: string): string {
  return `${PAGE_PATHS[kind]}?k=${encodeURIComponent(JSON.stringify(tidy(text)))}`;
}
