// Search text for PostgreSQL full-text search across the stored languages. The 'simple' parser
// keeps a run of Chinese or Japanese characters as one token, so such runs are indexed as their
// single characters and overlapping pairs (bigrams): "纯棉T恤" matches "纯棉" and "T恤" alike.
// Latin words are indexed whole and matched by prefix, so typing "shi" finds "shirt". Typos are
// caught separately by trigram similarity on `searchText`.

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu;
/** Words longer than this are cut (tsvector lexemes must stay well under 2 KB). */
const MAX_WORD = 60;

function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

function runs(text: string): string[] {
  return normalize(text).match(TOKEN) ?? [];
}

function isCjk(run: string): boolean {
  return CJK.test(run);
}

/** The tokens indexed for a document (space-separated, safe for to_tsvector('simple', ...)). */
export function indexTokens(texts: string[]): string {
  const tokens = new Set<string>();
  for (const text of texts) {
    for (const run of runs(text)) {
      if (!isCjk(run)) {
        tokens.add(run.slice(0, MAX_WORD));
        continue;
      }
      const chars = [...run];
      for (let index = 0; index < chars.length; index += 1) {
        tokens.add(chars[index] ?? '');
        if (index + 1 < chars.length) tokens.add(`${chars[index]}${chars[index + 1]}`);
      }
    }
  }
  tokens.delete('');
  return [...tokens].join(' ');
}

/** Lower-cased text for trigram matching. */
export function searchText(texts: string[]): string {
  return normalize(texts.filter((text) => text.length > 0).join(' | '));
}

/** One term of a keyword: a Latin word (matched as a prefix while typing) or a CJK character or pair (matched whole). */
export interface QueryTerm {
  text: string;
  prefix: boolean;
}

/** The terms a keyword's words must all match, without repeats (what tsQueryOf and the suggestion index match). */
export function queryTerms(keyword: string): QueryTerm[] {
  const terms = new Map<string, QueryTerm>();
  const add = (text: string, prefix: boolean) => {
    if (text.length > 0 && !terms.has(text)) terms.set(text, { text, prefix });
  };
  for (const run of runs(keyword)) {
    if (!isCjk(run)) {
      add(run.slice(0, MAX_WORD), true);
      continue;
    }
    const chars = [...run];
    if (chars.length === 1) {
      add(chars[0] ?? '', false);
      continue;
    }
    for (let index = 0; index + 1 < chars.length; index += 1) add(`${chars[index]}${chars[index + 1]}`, false);
  }
  return [...terms.values()];
}

/**
 * A to_tsquery('simple', ...) expression for a keyword, or undefined when it holds no word. Words
 * match by prefix unless `exact`. Only letters and digits reach the expression, so no query operator
 * can be injected.
 */
export function tsQueryOf(keyword: string, exact = false): string | undefined {
  const terms = queryTerms(keyword).map((term) => (term.prefix && !exact ? `${term.text}:*` : term.text));
  return terms.length > 0 ? terms.join(' & ') : undefined;
}

/**
 * Legacy clients send the keyword URL-encoded (encodeURIComponent) inside a query string that they
 * do not encode again, so the server usually sees it decoded once; some send it encoded twice. Decode
 * what is still percent-encoded, at most twice, leaving text that is not valid encoding as it is.
 */
export function decodeKeyword(raw: string): string {
  let text = raw;
  for (let round = 0; round < 2 && /%[0-9A-Fa-f]{2}/.test(text); round += 1) {
    try {
      text = decodeURIComponent(text);
    } catch {
      break;
    }
  }
  return text.trim();
}
