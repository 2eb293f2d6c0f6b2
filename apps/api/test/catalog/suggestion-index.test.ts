import { describe, expect, it } from 'vitest';
import type { QueryTerm } from '../../src/modules/catalog/search-text.ts';
import { SuggestionIndex, type SuggestionEntry } from '../../src/modules/catalog/suggestion-index.ts';

// The suggestion index (ADR 0013) against the plain definition of what it answers: the goods whose
// words match every term (a prefix term: a word starting with it; an exact term: the word itself), best
// seller first, then by listing id, at most `limit`. The catalogues are generated (a fixed seed), with
// words that are prefixes of each other, Chinese characters and pairs, words repeated within a good,
// empty words (two spaces), ties in sales and goods without words.

function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const VOCABULARY = ['s', 'sh', 'shi', 'shirt', 'shirts', 'shoe', 'shoes', 'silk', 'blue', 'blues', 'bl', 'cotton', 'cot', 'a1', 'a12', '连', '连衣', '衣', '衣裙', '裙', '真', '真皮', '皮', 'x'];

function catalogue(seed: number, goods: number): SuggestionEntry[] {
  const next = random(seed);
  const pick = () => VOCABULARY[Math.floor(next() * VOCABULARY.length)] as string;
  return Array.from({ length: goods }, (_, index) => {
    const count = Math.floor(next() * 7);
    const words = Array.from({ length: count }, pick);
    // a repeated word and an empty one now and then
    if (count > 0 && next() < 0.2) words.push(words[0] as string);
    if (next() < 0.1) words.push('');
    return {
      goods_id: `g${String(index).padStart(5, '0')}`,
      sold_num: Math.floor(next() * 5) * 10,
      listing_id: `l${String(Math.floor(next() * 1e6)).padStart(7, '0')}-${index}`,
      tokens: words.join(' '),
    };
  });
}

/** The definition, computed over every good. */
function expected(entries: SuggestionEntry[], terms: QueryTerm[], limit: number): string[] {
  if (terms.length === 0 || limit <= 0) return [];
  const ranked = [...entries].sort((a, b) => b.sold_num - a.sold_num || (a.listing_id < b.listing_id ? -1 : a.listing_id > b.listing_id ? 1 : 0));
  return ranked
    .filter((entry) => {
      const words = entry.tokens.split(' ').filter((word) => word.length > 0);
      return terms.every((term) => words.some((word) => (term.prefix ? word.startsWith(term.text) : word === term.text)));
    })
    .slice(0, limit)
    .map((entry) => entry.goods_id);
}

const prefix = (text: string): QueryTerm => ({ text, prefix: true });
const exact = (text: string): QueryTerm => ({ text, prefix: false });

describe('SuggestionIndex', () => {
  it('answers what the definition answers, for every word and prefix alone and in pairs and threes, at several limits', async () => {
    for (const seed of [1, 7, 2026]) {
      const entries = catalogue(seed, 600);
      const index = await SuggestionIndex.build(entries);
      expect(index.size).toBe(600);
      const singles = [...VOCABULARY.flatMap((word) => [prefix(word), exact(word)]), prefix('shirtz'), exact('zzz'), prefix('连衣裙'), prefix('')];
      const next = random(seed + 1);
      const combos: QueryTerm[][] = [
        ...singles.map((term) => [term]),
        ...Array.from({ length: 150 }, () => Array.from({ length: 2 + Math.floor(next() * 2) }, () => singles[Math.floor(next() * singles.length)] as QueryTerm)),
      ];
      for (const terms of combos) {
        for (const limit of [1, 10, 40, 1000]) {
          expect(index.search(terms, limit), `seed ${seed}, ${JSON.stringify(terms)}, limit ${limit}`).toEqual(expected(entries, terms, limit));
        }
      }
    }
  });

  it('answers nothing for no terms, a limit of 0, an empty catalogue, or words no good has', async () => {
    const index = await SuggestionIndex.build(catalogue(3, 50));
    expect(index.search([], 10)).toEqual([]);
    expect(index.search([prefix('sh')], 0)).toEqual([]);
    expect(index.search([exact('sh'), exact('nothing')], 10)).toEqual([]);
    const empty = await SuggestionIndex.build([]);
    expect(empty.size).toBe(0);
    expect(empty.search([prefix('sh')], 10)).toEqual([]);
  });

  it('orders ties in sales by listing id, and lists a good once however often its words match', async () => {
    const entries: SuggestionEntry[] = [
      { goods_id: 'b', sold_num: 5, listing_id: 'l2', tokens: 'shirt shirts shirt' },
      { goods_id: 'a', sold_num: 5, listing_id: 'l1', tokens: 'shoe' },
      { goods_id: 'c', sold_num: 9, listing_id: 'l9', tokens: 'silk  shirt' },
      { goods_id: 'd', sold_num: 0, listing_id: 'l0', tokens: '' },
    ];
    const index = await SuggestionIndex.build(entries);
    expect(index.search([prefix('sh')], 10)).toEqual(['c', 'a', 'b']);
    expect(index.search([prefix('shirt')], 10)).toEqual(['c', 'b']);
    expect(index.search([exact('shirt'), prefix('si')], 10)).toEqual(['c']);
    expect(index.search([prefix('s')], 2)).toEqual(['c', 'a']);
  });
});
