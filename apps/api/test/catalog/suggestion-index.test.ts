import { describe, expect, it } from 'vitest';
import type { QueryTerm } from '../../src/modules/catalog/search-text.ts';
import { ManualClock } from '../../src/platform/clock.ts';
import { LiveSuggestionIndex, SuggestionIndex, SuggestionIndexBuilder, WordNumbers, type SuggestionEntry } from '../../src/modules/catalog/suggestion-index.ts';
import { REBUILD_SPACING } from '../../src/platform/live-read.ts';

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
          const answer = expected(entries, terms, limit);
          expect(index.search(terms, limit), `seed ${seed}, ${JSON.stringify(terms)}, limit ${limit}`).toEqual(answer);
          expect(index.countUpTo(terms, limit), `count: seed ${seed}, ${JSON.stringify(terms)}, limit ${limit}`).toBe(answer.length);
        }
      }
    }
  });

  it('answers the same when the entries come in its order already (as the repository reads them), and then keeps them as they are', async () => {
    const entries = catalogue(11, 600);
    const ranked = [...entries].sort((a, b) => b.sold_num - a.sold_num || (a.listing_id < b.listing_id ? -1 : a.listing_id > b.listing_id ? 1 : 0));
    const before = ranked.map((entry) => entry.goods_id);
    const index = await SuggestionIndex.build(ranked);
    expect(ranked.map((entry) => entry.goods_id)).toEqual(before);
    for (const word of VOCABULARY) {
      expect(index.search([prefix(word)], 50)).toEqual(expected(entries, [prefix(word)], 50));
    }
  });

  it('gives the event loop back in every pass over the goods, not only the first', async () => {
    // 20,000 goods in slices of 2,000: ten turns in each of four passes (numbering the words, sorting each
    // good's, sizing and writing the postings); a pass left whole held the loop 0.8-1.3 s at 500,000 goods
    let turns = 0;
    let running = true;
    const tick = () => {
      if (!running) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    await SuggestionIndex.build(catalogue(5, 20_000));
    running = false;
    expect(turns).toBeGreaterThanOrEqual(35);
  });

  it('answers what build answers when given the goods one at a time in its order, keeping only their ids, hex or not', async () => {
    const entries = catalogue(23, 3_000).map((entry, index) => ({ ...entry, goods_id: (index * 2_654_435_761).toString(16).padStart(32, '0') }));
    const ranked = [...entries].sort((a, b) => b.sold_num - a.sold_num || (a.listing_id < b.listing_id ? -1 : a.listing_id > b.listing_id ? 1 : 0));
    // the same goods, one of them (past the first 1,024, where the packed ids grow) with an id of another shape
    const mixed = ranked.map((entry, rank) => (rank === 2_500 ? { ...entry, goods_id: 'Not-Hex' } : entry));
    for (const given of [ranked, mixed]) {
      const builder = new SuggestionIndexBuilder();
      for (const entry of given) builder.add(entry);
      expect(builder.count).toBe(given.length);
      const streamed = await builder.finish();
      const built = await SuggestionIndex.build(given);
      expect(streamed.size).toBe(given.length);
      expect(streamed.bytes).toBe(built.bytes);
      for (const terms of [[prefix('sh')], [prefix('bl'), exact('衣')], [exact('x')], [prefix('c')], [prefix('s')]]) {
        expect(streamed.search(terms, 3_000)).toEqual(expected(given, terms, 3_000));
        expect(streamed.search(terms, 3_000)).toEqual(built.search(terms, 3_000));
      }
    }
    // ranked in the order given, whatever their sales say: the read's order is the index's
    const builder = new SuggestionIndexBuilder();
    builder.add({ goods_id: 'g-first', sold_num: 0, listing_id: 'l2', tokens: 'shirt' });
    builder.add({ goods_id: 'g-second', sold_num: 99, listing_id: 'l1', tokens: 'shirt shirt' });
    expect((await builder.finish()).search([prefix('sh')], 10)).toEqual(['g-first', 'g-second']);
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
    // the bound a search page's walks go by: a word's goods exactly, a prefix's counted once per word
    expect(index.matchBound([exact('shirt')])).toBe(2);
    expect(index.matchBound([prefix('sh')])).toBe(4);
    expect(index.matchBound([exact('shirt'), prefix('si')])).toBe(1);
    expect(index.matchBound([exact('nothing')])).toBe(0);
    expect(index.matchBound([])).toBe(0);
  });

  it('answers the definition when ranks lie far apart and when the words are too many to number in two bytes', async () => {
    // 70,000 goods, each with a word of its own (70,000 words and more), one of two common words, and a
    // rare word on goods whose ranks differ by 1, by hundreds and by tens of thousands (gaps of 1-3 bytes)
    const rare = new Set([0, 1, 130, 20_000, 69_999]);
    const entries: SuggestionEntry[] = Array.from({ length: 70_000 }, (_, index) => ({
      goods_id: `g${index}`,
      sold_num: 70_000 - index,
      listing_id: `l${index}`,
      tokens: [index % 3 === 0 ? 'common' : 'other', rare.has(index) ? 'rare' : '', `w${index}`].join(' '),
    }));
    const index = await SuggestionIndex.build(entries);
    for (const terms of [[prefix('rare')], [prefix('rar'), prefix('comm')], [exact('w69999')], [prefix('w6999')], [prefix('w1'), exact('common')], [prefix('o')]]) {
      for (const limit of [1, 3, 20]) expect(index.search(terms, limit), JSON.stringify(terms)).toEqual(expected(entries, terms, limit));
    }
  });

  it('keeps ids shaped as the API makes them (32 hex digits) in 16 bytes each, and answers the same with ids of any other shape', async () => {
    const hexed = catalogue(5, 3_000).map((entry, index) => ({ ...entry, goods_id: (index * 2_654_435_761).toString(16).padStart(32, '0') }));
    const mixed = hexed.map((entry, index) => (index === 7 ? { ...entry, goods_id: 'Not-Hex' } : entry));
    const packed = await SuggestionIndex.build(hexed);
    const text = await SuggestionIndex.build(mixed);
    // the same index but for the ids: 16 bytes each against the text (32 characters) and its offsets
    expect(text.bytes - packed.bytes).toBe(32 * (hexed.length - 1) + 'Not-Hex'.length + 4 * (hexed.length + 1) - 16 * hexed.length);
    for (const terms of [[prefix('sh')], [prefix('bl'), exact('衣')], [exact('x')], [prefix('c')]]) {
      expect(packed.search(terms, 50)).toEqual(expected(hexed, terms, 50));
      expect(text.search(terms, 50)).toEqual(expected(mixed, terms, 50));
    }
  });

  it('keeps a word’s goods as gaps of a byte or two and a good’s words in two bytes each', async () => {
    const entries = catalogue(11, 20_000);
    const index = await SuggestionIndex.build(entries);
    const pairs = entries.reduce((sum, entry) => sum + new Set(entry.tokens.split(' ').filter((word) => word.length > 0)).size, 0);
    const ids = entries.reduce((sum, entry) => sum + entry.goods_id.length, 0);
    // the offsets: two per good, two per word (24 words)
    const offsets = 2 * 4 * (entries.length + 1) + 2 * 4 * (VOCABULARY.length + 1);
    // four bytes each way were 8 a pair; the gaps of 24 words over 20,000 goods take one byte
    expect(index.bytes - ids - offsets).toBeLessThanOrEqual(3 * pairs + VOCABULARY.join('').length);
    for (const terms of [[prefix('sh')], [prefix('bl'), exact('衣')]]) expect(index.search(terms, 20)).toEqual(expected(entries, terms, 20));
  });
});

/**
 * A catalogue source whose reads the test finishes: each read waits until `finish` (moving the clock by
 * the read's duration first), so the test sees what the index answers while a read is under way.
 */
function source(clock: ManualClock) {
  const pending: { resolve: (entries: SuggestionEntry[]) => void; reject: (error: Error) => void }[] = [];
  let generation = 0;
  return {
    reads: () => generation,
    /** hands the goods to `add` once the read is finished, as the repository's read hands its rows */
    read: async (add: (entry: SuggestionEntry) => void) => {
      const entries = await new Promise<SuggestionEntry[]>((resolve, reject) => {
        generation += 1;
        pending.push({ resolve, reject });
      });
      entries.forEach(add);
    },
    /** finishes the oldest read with goods named after its number, `ms` after it started */
    async finish(ms = 0, error?: Error) {
      const read = pending.shift();
      if (!read) throw new Error('no read is under way');
      clock.advance(ms);
      if (error) read.reject(error);
      else read.resolve([{ goods_id: `read${generation}`, sold_num: 1, listing_id: 'l', tokens: 'shirt' }]);
      // the build runs in microtasks for a catalogue this small; one turn of the loop lets it finish
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const TTL_MS = 60_000;
const MIN_INTERVAL_MS = 10_000;
const answer = async (live: LiveSuggestionIndex) => (await live.current()).search([prefix('sh')], 10);

/** A live index over a `source` on a clock standing still, nothing read yet. */
function fresh() {
  const clock = new ManualClock();
  const catalogue = source(clock);
  return { clock, catalogue, live: new LiveSuggestionIndex(catalogue.read, clock, TTL_MS, MIN_INTERVAL_MS) };
}

/** The same after its first read, which took `buildMs` by the clock. */
async function afterFirstRead(buildMs = 0) {
  const started = fresh();
  const first = answer(started.live);
  await started.catalogue.finish(buildMs);
  await first;
  return started;
}

describe('WordNumbers', () => {
  it('numbers each word once, in the order first met, from its place in a longer text, through growth and any script', () => {
    const numbers = new WordNumbers();
    const text = ' shirt 衬衫 shirts shirt 衬 ü';
    const spans: [number, number][] = [];
    for (const match of text.matchAll(/\S+/g)) spans.push([match.index, match.index + match[0].length]);
    expect(spans.map(([start, end]) => numbers.numberOf(text, start, end))).toEqual([0, 1, 2, 0, 3, 4]);
    expect(numbers.words).toEqual(['shirt', '衬衫', 'shirts', '衬', 'ü']);
    // past the first table's size many times over: every word keeps its number, and a prefix of a word,
    // or a word with one more letter, is a word of its own
    const many = Array.from({ length: 20_000 }, (_, index) => `w${index.toString(36)}`);
    const line = many.join(' ');
    let start = 0;
    const first = many.map((word) => {
      const number = numbers.numberOf(line, start, start + word.length);
      start += word.length + 1;
      return number;
    });
    expect(first).toEqual(many.map((_, index) => 5 + index));
    expect(many.map((word) => numbers.numberOf(`(${word})`, 1, word.length + 1))).toEqual(first);
    expect(numbers.numberOf('shirtsx', 0, 6)).toBe(2);
    expect(numbers.numberOf('shir', 0, 4)).toBe(5 + many.length);
    expect(numbers.words).toHaveLength(6 + many.length);
  });
});

describe('LiveSuggestionIndex', () => {
  it('reads once on first use (concurrent callers share the read), then again in the background when the index is a TTL old', async () => {
    const { clock, catalogue, live } = fresh();
    const first = [answer(live), answer(live)];
    expect(catalogue.reads()).toBe(1);
    await catalogue.finish();
    expect(await Promise.all(first)).toEqual([['read1'], ['read1']]);
    clock.advance(TTL_MS - 1);
    expect(await answer(live)).toEqual(['read1']);
    expect(catalogue.reads()).toBe(1);
    clock.advance(1);
    // due: the old index answers while the new one is read, and one read is under way however many ask
    expect(await answer(live)).toEqual(['read1']);
    expect(await answer(live)).toEqual(['read1']);
    expect(catalogue.reads()).toBe(2);
    await catalogue.finish();
    expect(await answer(live)).toEqual(['read2']);
  });

  it('reads again after a change in this process, at most once per minimum interval', async () => {
    const { clock, catalogue, live } = await afterFirstRead();
    clock.advance(MIN_INTERVAL_MS - 1);
    live.forget();
    expect(await answer(live)).toEqual(['read1']);
    expect(catalogue.reads()).toBe(1);
    clock.advance(1);
    expect(await answer(live)).toEqual(['read1']);
    expect(catalogue.reads()).toBe(2);
    await catalogue.finish();
    expect(await answer(live)).toEqual(['read2']);
    // read after the change: nothing more is due
    clock.advance(MIN_INTERVAL_MS);
    await answer(live);
    expect(catalogue.reads()).toBe(2);
  });

  it('spaces rebuilds by how long the last build took, so a large catalogue is not rebuilt most of the time', async () => {
    const buildMs = 3_000;
    const { clock, catalogue, live } = await afterFirstRead(buildMs);
    // the age that makes it due: 50 builds (150 s), not the 60 s TTL; both counted from the read's start
    expect(REBUILD_SPACING.age * buildMs).toBeGreaterThan(TTL_MS);
    clock.advance(REBUILD_SPACING.age * buildMs - buildMs - 1);
    await answer(live);
    expect(catalogue.reads()).toBe(1);
    clock.advance(1);
    await answer(live);
    expect(catalogue.reads()).toBe(2);
    await catalogue.finish(buildMs);
    // a change in this process: 10 builds (30 s) from the last read's start, not the 10 s minimum
    live.forget();
    clock.advance(REBUILD_SPACING.change * buildMs - buildMs - 1);
    await answer(live);
    expect(catalogue.reads()).toBe(2);
    clock.advance(1);
    await answer(live);
    expect(catalogue.reads()).toBe(3);
    // a fast build brings the waits back to their minimums
    await catalogue.finish(0);
    live.forget();
    clock.advance(MIN_INTERVAL_MS);
    await answer(live);
    expect(catalogue.reads()).toBe(4);
  });

  it('peekUnchanged: the index only while this process changed no listing since its read began, and while young enough', async () => {
    const { clock, catalogue, live } = fresh();
    expect(live.peekUnchanged(TTL_MS)).toBeUndefined();
    const first = answer(live);
    await catalogue.finish();
    await first;
    expect(live.peekUnchanged(TTL_MS)?.search([prefix('sh')], 10)).toEqual(['read1']);
    clock.advance(TTL_MS);
    expect(live.peekUnchanged(TTL_MS)).toBeDefined();
    expect(live.peekUnchanged(TTL_MS - 1)).toBeUndefined();
    // a change: not until a read that began after it
    live.forget();
    expect(live.peekUnchanged(TTL_MS)).toBeUndefined();
    expect(live.peek()?.search([prefix('sh')], 10)).toEqual(['read1']);
    await answer(live);
    // a change while the read is under way: that read does not count either
    live.forget();
    await catalogue.finish();
    expect(live.peek()?.search([prefix('sh')], 10)).toEqual(['read2']);
    expect(live.peekUnchanged(TTL_MS)).toBeUndefined();
    clock.advance(MIN_INTERVAL_MS);
    await answer(live);
    await catalogue.finish();
    expect(live.peekUnchanged(TTL_MS)?.search([prefix('sh')], 10)).toEqual(['read3']);
  });

  it('peekUnchangedOrRead: never waits, starts the first read and each due one in the background, and swallows their failures', async () => {
    const { clock, catalogue, live } = fresh();
    expect(live.peekUnchangedOrRead(TTL_MS)).toBeUndefined();
    expect(live.peekUnchangedOrRead(TTL_MS)).toBeUndefined();
    // one read under way however many ask; a failed first read rejects no caller
    expect(catalogue.reads()).toBe(1);
    await catalogue.finish(0, new Error('connection refused'));
    // and is tried again a minimum interval after it began, not by every use meanwhile
    clock.advance(MIN_INTERVAL_MS - 1);
    expect(live.peekUnchangedOrRead(TTL_MS)).toBeUndefined();
    expect(catalogue.reads()).toBe(1);
    clock.advance(1);
    expect(live.peekUnchangedOrRead(TTL_MS)).toBeUndefined();
    expect(catalogue.reads()).toBe(2);
    await catalogue.finish();
    expect(live.peekUnchangedOrRead(TTL_MS)?.search([prefix('sh')], 10)).toEqual(['read2']);
    expect(catalogue.reads()).toBe(2);
    // due by age: answered while young enough, and read again meanwhile
    clock.advance(TTL_MS);
    expect(live.peekUnchangedOrRead(2 * TTL_MS)?.search([prefix('sh')], 10)).toEqual(['read2']);
    expect(catalogue.reads()).toBe(3);
    // a change in this process: not answered until a read that began after it
    live.forget();
    expect(live.peekUnchangedOrRead(2 * TTL_MS)).toBeUndefined();
    await catalogue.finish();
    expect(live.peekUnchangedOrRead(2 * TTL_MS)).toBeUndefined();
    clock.advance(MIN_INTERVAL_MS);
    expect(live.peekUnchangedOrRead(2 * TTL_MS)).toBeUndefined();
    expect(catalogue.reads()).toBe(4);
    await catalogue.finish();
    expect(live.peekUnchangedOrRead(2 * TTL_MS)?.search([prefix('sh')], 10)).toEqual(['read4']);
  });

  it('keeps answering from the old index when a background read fails, and tries again later', async () => {
    const { clock, catalogue, live } = await afterFirstRead();
    clock.advance(TTL_MS);
    await answer(live);
    await catalogue.finish(0, new Error('connection lost'));
    expect(await answer(live)).toEqual(['read1']);
    // the failed read started a minimum interval's wait; then it is tried again
    expect(catalogue.reads()).toBe(2);
    clock.advance(MIN_INTERVAL_MS);
    await answer(live);
    expect(catalogue.reads()).toBe(3);
    await catalogue.finish();
    expect(await answer(live)).toEqual(['read3']);
  });

  it('lets a failed first read fail its callers, and reads again on the next call', async () => {
    const { catalogue, live } = fresh();
    const first = answer(live).then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await catalogue.finish(0, new Error('connection refused'));
    expect(await first).toBe('connection refused');
    const second = answer(live);
    expect(catalogue.reads()).toBe(2);
    await catalogue.finish();
    expect(await second).toEqual(['read2']);
  });
});
