// The rules the store's message files are checked against (tests/locales/store-messages.test.ts), as
// plain functions so their own test can feed them small examples.

export type Messages = Record<string, string>;

/** Nested message objects flattened to dotted keys; leaves that are not strings are reported. */
export function flatten(value: unknown, prefix = '', out: Messages = {}, problems: string[] = []): { messages: Messages; problems: string[] } {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out, problems);
  } else if (typeof value === 'string') {
    out[prefix] = value;
  } else {
    problems.push(`${prefix || '(root)'} is ${Array.isArray(value) ? 'an array' : typeof value}, not a string`);
  }
  return { messages: out, problems };
}

/** i18next plural suffixes (JSON v4): `items_one`, `items_other` ... */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;

/** BCP 47 tag of a locale folder (ph is Filipino). */
function tag(locale: string): string {
  return locale === 'ph' ? 'fil' : locale;
}

/**
 * The keys a locale must have: English's, except that a plural group (English `x_one` + `x_other`)
 * takes the plural forms of the locale's own language (Japanese only `x_other`, Arabic six forms).
 * i18next's `_zero` form works in every language, so it is expected wherever English has it.
 */
export function expectedKeys(english: Messages, locale: string): Set<string> {
  const keys = new Set<string>();
  const categories = new Intl.PluralRules(tag(locale)).resolvedOptions().pluralCategories as string[];
  for (const key of Object.keys(english)) {
    const match = PLURAL.exec(key);
    const base = match?.[1];
    if (base === undefined || !(`${base}_other` in english)) {
      keys.add(key);
      continue;
    }
    for (const category of categories) keys.add(`${base}_${category}`);
    if (`${base}_zero` in english) keys.add(`${base}_zero`);
  }
  return keys;
}

/** The English text a key of another locale is compared with (its plural group's `_other` when English lacks the form). */
export function englishFor(english: Messages, key: string): string | undefined {
  if (key in english) return english[key];
  const base = PLURAL.exec(key)?.[1];
  return base === undefined ? undefined : english[`${base}_other`];
}

/** Interpolations `{{name}}` / `{{name, format}}`, nestings `$t(key)` and Trans tags `<0>`, `<strong>`. */
export function placeholders(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*-?\s*([\w.]+)[^}]*\}\}/g)) found.add(`{{${match[1]}}}`);
  for (const match of text.matchAll(/\$t\(([^)]*)\)/g)) found.add(`$t(${match[1]})`);
  for (const match of text.matchAll(/<\/?([\w-]+)\s*\/?>/g)) found.add(`<${match[1]}>`);
  return [...found].sort();
}

/**
 * Words that stay the same in every language: names of wallets and exchanges, coins, networks. A value
 * made only of these, placeholders, numbers and punctuation does not count as "copied from English".
 */
export const SAME_IN_EVERY_LANGUAGE = ['Binance', 'Huobi', 'OKX', 'MetaMask', 'USDT', 'TRC20', 'ERC20'];

export function needsTranslation(text: string): boolean {
  let rest = text.replace(/\{\{[^}]*\}\}/g, ' ').replace(/\$t\([^)]*\)/g, ' ').replace(/<\/?[\w-]+\s*\/?>/g, ' ');
  for (const token of SAME_IN_EVERY_LANGUAGE) rest = rest.replaceAll(token, ' ');
  return /\p{L}/u.test(rest);
}

export interface Comparison {
  missing: string[];
  extra: string[];
  empty: string[];
  /** key: what the locale has vs what English has */
  placeholderMismatches: string[];
}

/** One locale's file against English: key sets (plural-aware), empty values, placeholders per key. */
export function compareWithEnglish(english: Messages, messages: Messages, locale: string): Comparison {
  const expected = expectedKeys(english, locale);
  const actual = new Set(Object.keys(messages));
  const missing = [...expected].filter((key) => !actual.has(key)).sort();
  const extra = [...actual].filter((key) => !expected.has(key)).sort();
  const empty: string[] = [];
  const placeholderMismatches: string[] = [];
  for (const key of [...actual].filter((key) => expected.has(key)).sort()) {
    const text = messages[key] ?? '';
    if (text.trim().length === 0) {
      empty.push(key);
      continue;
    }
    const want = placeholders(englishFor(english, key) ?? '');
    const have = placeholders(text);
    if (want.join(' ') !== have.join(' ')) placeholderMismatches.push(`${key}: ${have.join(' ') || '(none)'} vs English ${want.join(' ') || '(none)'}`);
  }
  return { missing, extra, empty, placeholderMismatches };
}

/** Values identical to English among those that need translating. */
/** What is wrong with one message file, by kind (structure, missing, extra, empty, placeholders); {} when nothing. */
export function findingsOf(problems: string[], result: Comparison): Record<string, string[]> {
  return {
    ...(problems.length > 0 ? { structure: problems } : {}),
    ...(result.missing.length > 0 ? { missing: result.missing } : {}),
    ...(result.extra.length > 0 ? { extra: result.extra } : {}),
    ...(result.empty.length > 0 ? { empty: result.empty } : {}),
    ...(result.placeholderMismatches.length > 0 ? { placeholders: result.placeholderMismatches } : {}),
  };
}

export function copiesOfEnglish(english: Messages, messages: Messages): { copies: string[]; translatable: number } {
  const translatable = Object.keys(english).filter((key) => needsTranslation(english[key] ?? ''));
  const copies = translatable.filter((key) => messages[key] === english[key]).sort();
  return { copies, translatable: translatable.length };
}
