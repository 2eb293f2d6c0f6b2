import type { Clock } from '../../platform/clock.ts';
import { LiveRead } from '../../platform/live-read.ts';
import type { QueryTerm } from './search-text.ts';
import { SearchVocabulary } from './search-vocabulary.ts';

// The suggestion index of sellerGoods!search-keyword (ADR 0013): the words of every system good with a
// visible listing, in memory, each word with its goods in the order suggestions show them (best
// seller first). A prefix typed in the search box is a range of the sorted words; the best goods of a
// range are the first few of each word's list. This answers what the full-text search of the listings
// answers (search-text.ts: Latin words by prefix, Chinese by characters and pairs, all words of the
// keyword), without visiting the thousands of listings a short prefix matches.

/** A system good as the index reads it: its best listing's sales and id (the order), that listing's words (space-separated). */
export interface SuggestionEntry {
  goods_id: string;
  sold_num: number;
  listing_id: string;
  tokens: string;
}

const BUILD_SLICE = 2_000;

/** Gives the event loop back: a build of 500,000 goods takes seconds, and requests are served meanwhile. */
const breathe = () => new Promise((resolve) => setImmediate(resolve));

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The index's order: most sales first, then by listing id. */
function compareRank(a: SuggestionEntry, b: SuggestionEntry): number {
  return b.sold_num - a.sold_num || compareText(a.listing_id, b.listing_id);
}

/**
 * The entries in the index's order: as they are when they come in it, else a sorted copy (the serving
 * process reads them in that order, GoodsRepository.eachSuggestionEntry: sorting 500,000 here held the
 * event loop 0.65 s).
 */
function inRankOrder(entries: SuggestionEntry[]): SuggestionEntry[] {
  for (let index = 1; index < entries.length; index += 1) {
    if (compareRank(entries[index - 1] as SuggestionEntry, entries[index] as SuggestionEntry) > 0) return [...entries].sort(compareRank);
  }
  return entries;
}

/** An Int32Array that grows as values are pushed (the build's pairs, without a JS array per word). */
class IntBuffer {
  values = new Int32Array(1 << 16);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length] = value;
    this.length += 1;
  }
}

/**
 * Numbers for words in the order they are first met, looked up by their place in a longer text: a build
 * meets some 13 million words at 500,000 goods, of some 16,000 distinct ones, and cutting each out to look
 * it up in a Map (`split`, then `get`) took 1.2-1.6 s of its 2.7 s there. Open addressing on an FNV-1a
 * hash of the UTF-16 code units; a word's text is cut out once, when it is first met.
 */
export class WordNumbers {
  /** the words by number */
  readonly words: string[] = [];
  private hashes = new Int32Array(1 << 10);
  /** word number + 1 in each slot, 0 when empty; kept at most half full */
  private slots = new Int32Array(1 << 11);

  /** The number of `text`'s code units from `start` to `end`, given it when this word is new. */
  numberOf(text: string, start: number, end: number): number {
    let hash = 0x811c9dc5;
    for (let at = start; at < end; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
    const mask = this.slots.length - 1;
    let slot = hash & mask;
    for (let taken = this.slots[slot] ?? 0; taken !== 0; taken = this.slots[slot] ?? 0) {
      const number = taken - 1;
      if (this.hashes[number] === hash && sameSpan(this.words[number] ?? '', text, start, end)) return number;
      slot = (slot + 1) & mask;
    }
    const number = this.words.length;
    this.words.push(text.slice(start, end));
    if (number === this.hashes.length) {
      const hashes = new Int32Array(this.hashes.length * 2);
      hashes.set(this.hashes);
      this.hashes = hashes;
    }
    this.hashes[number] = hash;
    this.slots[slot] = number + 1;
    if (2 * this.words.length > this.slots.length) this.grow();
    return number;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let number = 0; number < this.words.length; number += 1) {
      let slot = (this.hashes[number] ?? 0) & mask;
      while ((slots[slot] ?? 0) !== 0) slot = (slot + 1) & mask;
      slots[slot] = number + 1;
    }
    this.slots = slots;
  }
}

/** Whether `word` is `text`'s code units from `start` to `end`. */
function sameSpan(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let at = 0; at < word.length; at += 1) if (word.charCodeAt(at) !== text.charCodeAt(start + at)) return false;
  return true;
}

/** Word numbers in two bytes when the catalogue has at most this many words (it has about 16,000). */
const NARROW_WORDS = 1 << 16;

/** `value` appended to `bytes` at `at` in 7-bit groups, low first (a set high bit: more follow); the next position. */
function writeVarint(bytes: Uint8Array, at: number, value: number): number {
  let rest = value;
  let position = at;
  while (rest >= 0x80) {
    bytes[position] = (rest & 0x7f) | 0x80;
    rest = Math.floor(rest / 0x80);
    position += 1;
  }
  bytes[position] = rest;
  return position + 1;
}

/** The bytes writeVarint takes for `value`. */
function varintLength(value: number): number {
  let length = 1;
  for (let rest = value; rest >= 0x80; rest = Math.floor(rest / 0x80)) length += 1;
  return length;
}

/** The goods ids of an index, by rank. */
interface RankedIds {
  at(rank: number): string;
  readonly count: number;
  readonly bytes: number;
}

/**
 * Ids as the API makes them (`newId`: 32 lower-case hex digits) in 16 bytes each, half of what the
 * text takes, without offsets: 7.9 MB instead of 17.7 at 500,000 goods.
 */
class HexIds implements RankedIds {
  static readonly PATTERN = /^[0-9a-f]{32}$/;
  private readonly packed: Buffer;

  /** `packed`: each id's 16 bytes, by rank (packIds). */
  constructor(packed: Buffer) {
    this.packed = packed;
  }

  at(rank: number): string {
    return this.packed.toString('hex', 16 * rank, 16 * rank + 16);
  }

  get count(): number {
    return this.packed.length / 16;
  }

  get bytes(): number {
    return this.packed.byteLength;
  }
}

/**
 * Ids of any other shape as one string with offsets, not a string per good: at 500,000 goods that is one
 * object for the collector to mark instead of half a million, which every full collection of a busy
 * process walked again.
 */
class TextIds implements RankedIds {
  private readonly text: string;
  private readonly start: Int32Array;

  constructor(ids: string[]) {
    this.start = new Int32Array(ids.length + 1);
    ids.forEach((id, rank) => (this.start[rank + 1] = (this.start[rank] ?? 0) + id.length));
    this.text = ids.join('');
  }

  at(rank: number): string {
    return this.text.slice(this.start[rank], this.start[rank + 1]);
  }

  get count(): number {
    return this.start.length - 1;
  }

  get bytes(): number {
    return this.start.byteLength + this.text.length;
  }
}

/**
 * The goods' ids as a build is given them, by rank: packed 16 bytes each (HexIds) while every one is
 * shaped as the API makes them, as text (TextIds) from the first that is not.
 */
class IdCollector {
  private packed = Buffer.alloc(16 * 1_024);
  private count = 0;
  /** every id so far, once one was not packable */
  private text: string[] | undefined;

  add(id: string): void {
    if (this.text) {
      this.text.push(id);
      return;
    }
    if (!HexIds.PATTERN.test(id)) {
      this.text = Array.from({ length: this.count }, (_, rank) => this.packed.toString('hex', 16 * rank, 16 * rank + 16));
      this.text.push(id);
      return;
    }
    if (16 * this.count === this.packed.length) {
      const grown = Buffer.alloc(2 * this.packed.length);
      this.packed.copy(grown);
      this.packed = grown;
    }
    this.packed.write(id, 16 * this.count, 16, 'hex');
    this.count += 1;
  }

  /** The ids collected, in a buffer of their own size. */
  collected(): RankedIds {
    return this.text ? new TextIds(this.text) : new HexIds(Buffer.from(this.packed.subarray(0, 16 * this.count)));
  }
}

/** What a SuggestionIndex is made of (its fields say what each holds). */
interface IndexParts {
  ids: RankedIds;
  words: string[];
  postingStart: Int32Array;
  postings: Uint8Array;
  goodsBefore: Int32Array;
  goodStart: Int32Array;
  goodWords: Uint16Array | Int32Array;
}

/**
 * The index in flat typed arrays: some 2 million (word, good) pairs at 50,000 goods, 12.9 million at
 * 500,000, not a typed array per word and a string of words per good. Both directions are kept: each
 * word's goods (a prefix's best goods: the first few of each word in its range) and each good's words
 * (whether a good matches the other words of a keyword: one of its word numbers in their range). A word's
 * goods are ascending ranks, kept as the gaps between them in one to three bytes each (a frequent word's
 * gaps are small), and a good's word numbers take two bytes while the catalogue has at most 65,536
 * words: at 500,000 goods that is about 45 MB instead of 103.
 */
export class SuggestionIndex {
  /** goods ids by rank (best seller first, then by listing id) */
  private readonly ids: RankedIds;
  /** the words, sorted; a word's number is its position here */
  private readonly words: string[];
  /** word w's goods are `postings[postingStart[w] .. postingStart[w + 1])`: their ranks, ascending, as varint gaps from the previous rank (the first from 0) */
  private readonly postingStart: Int32Array;
  private readonly postings: Uint8Array;
  /** the goods of words 0 .. w - 1 (the goods of words [a, b) are `goodsBefore[b] - goodsBefore[a]`) */
  private readonly goodsBefore: Int32Array;
  /** the word numbers of the good of rank r, ascending, are `goodWords[goodStart[r] .. goodStart[r + 1])` */
  private readonly goodStart: Int32Array;
  private readonly goodWords: Uint16Array | Int32Array;
  /** the words typos are corrected against, worked out on first use */
  private latinWords: SearchVocabulary | undefined;

  private constructor(parts: IndexParts) {
    this.ids = parts.ids;
    this.words = parts.words;
    this.postingStart = parts.postingStart;
    this.postings = parts.postings;
    this.goodsBefore = parts.goodsBefore;
    this.goodStart = parts.goodStart;
    this.goodWords = parts.goodWords;
  }

  /**
   * Builds the index from `entries` in any order (they are ranked first), giving the event loop back every
   * BUILD_SLICE goods in every pass over them: a catalogue of 500,000 goods has some 13 million (word,
   * good) pairs, seconds of work that must not stall requests meanwhile (passes left whole held the loop
   * 0.8-1.3 s at that size).
   */
  static async build(entries: SuggestionEntry[]): Promise<SuggestionIndex> {
    const ranked = inRankOrder(entries);
    const builder = new SuggestionIndexBuilder();
    for (let rank = 0; rank < ranked.length; rank += 1) {
      if (rank % BUILD_SLICE === BUILD_SLICE - 1) await breathe();
      builder.add(ranked[rank] as SuggestionEntry);
    }
    return builder.finish();
  }

  /** The index of what a builder was given (SuggestionIndexBuilder.finish). */
  static of(parts: IndexParts): SuggestionIndex {
    return new SuggestionIndex(parts);
  }

  get size(): number {
    return this.ids.count;
  }

  /** What the index holds, in bytes: its typed arrays and strings (one byte a character of Latin text). */
  get bytes(): number {
    const arrays = [this.postingStart, this.postings, this.goodsBefore, this.goodStart, this.goodWords];
    return arrays.reduce((sum, array) => sum + array.byteLength, 0) + this.ids.bytes + this.words.reduce((sum, word) => sum + word.length, 0);
  }

  /**
   * The words typos are corrected against (search-vocabulary.ts): the Latin words of the visible listings,
   * each with how many goods have it. Worked out once per index, on first use.
   */
  vocabulary(): SearchVocabulary {
    this.latinWords ??= new SearchVocabulary(this.words.map((word, number) => [word, this.goodsOf(number, number + 1)] as const));
    return this.latinWords;
  }

  /** The goods of the words numbered [start, end), a good counted once per word. */
  private goodsOf(start: number, end: number): number {
    return (this.goodsBefore[end] ?? 0) - (this.goodsBefore[start] ?? 0);
  }

  /** The first position in `words` not below `text`. */
  private lowerBound(text: string): number {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.words[middle] ?? '') < text) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The word numbers a term matches, [start, end): the words starting with it (a prefix term) or the word itself. */
  private range(term: QueryTerm): [number, number] {
    const start = this.lowerBound(term.text);
    if (!term.prefix) return this.words[start] === term.text ? [start, start + 1] : [start, start];
    let end = start;
    while (end < this.words.length && (this.words[end] ?? '').startsWith(term.text)) end += 1;
    return [start, end];
  }

  /** Whether the good of `rank` has a word numbered in [start, end) (its words are ascending). */
  private hasWordIn(rank: number, start: number, end: number): boolean {
    let low = this.goodStart[rank] ?? 0;
    let high = this.goodStart[rank + 1] ?? 0;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.goodWords[middle] ?? 0) < start) low = middle + 1;
      else high = middle;
    }
    return low < (this.goodStart[rank + 1] ?? 0) && (this.goodWords[low] ?? 0) < end;
  }

  /**
   * At most how many goods match every term: the goods of the term with the fewest (a good with two
   * words of a prefix's range counts twice). 0 for no terms.
   */
  matchBound(terms: QueryTerm[]): number {
    if (terms.length === 0) return 0;
    return Math.min(...terms.map((term) => this.goodsOf(...this.range(term))));
  }

  /**
   * The ids of the best `limit` goods whose words match every term (best seller first); none for no
   * terms. The term with the fewest goods is walked; the others are checked on each of its goods.
   */
  search(terms: QueryTerm[], limit: number): string[] {
    return this.matchRanks(terms, limit).map((rank) => this.ids.at(rank));
  }

  /**
   * How many goods match every term, counted up to `limit` (at most `limit`): unlike matchBound, each good
   * once and every term checked.
   */
  countUpTo(terms: QueryTerm[], limit: number): number {
    return this.matchRanks(terms, limit).length;
  }

  /** The ranks of the best `limit` goods whose words match every term, best first (search). */
  private matchRanks(terms: QueryTerm[], limit: number): number[] {
    if (terms.length === 0 || limit <= 0) return [];
    const ranges = terms.map((term) => {
      const [start, end] = this.range(term);
      return { start, end, count: this.goodsOf(start, end) };
    });
    ranges.sort((a, b) => a.count - b.count);
    const [walked, ...checked] = ranges;
    if (!walked || walked.count === 0) return [];
    // the walked term's words' goods merged in rank order (a heap of the words by their next good), each
    // good checked against the other terms as it comes: the walk stops at the `limit`-th good found, not
    // after every good of the term (at 500,000 goods a two-word keyword read every posting of its rarer word)
    const words = walked.end - walked.start;
    const next = new Int32Array(words);
    const at = new Int32Array(words);
    const heap = new Int32Array(words);
    let size = 0;
    const postings = this.postings;
    /** word w's next good after `rank` (its rank), or -1 when it has no more */
    const advance = (w: number, rank: number): number => {
      const word = walked.start + w;
      let position = at[w] ?? 0;
      if (position >= (this.postingStart[word + 1] ?? 0)) return -1;
      let gap = 0;
      let scale = 1;
      let byte: number;
      do {
        byte = postings[position] ?? 0;
        position += 1;
        gap += (byte & 0x7f) * scale;
        scale *= 0x80;
      } while (byte >= 0x80);
      at[w] = position;
      return rank + gap;
    };
    const less = (a: number, b: number) => (next[heap[a] ?? 0] ?? 0) < (next[heap[b] ?? 0] ?? 0);
    const swap = (a: number, b: number) => {
      const held = heap[a] ?? 0;
      heap[a] = heap[b] ?? 0;
      heap[b] = held;
    };
    const siftDown = (from: number) => {
      for (let parent = from; ; ) {
        const left = 2 * parent + 1;
        let least = parent;
        if (left < size && less(left, least)) least = left;
        if (left + 1 < size && less(left + 1, least)) least = left + 1;
        if (least === parent) return;
        swap(parent, least);
        parent = least;
      }
    };
    for (let w = 0; w < words; w += 1) {
      at[w] = this.postingStart[walked.start + w] ?? 0;
      const rank = advance(w, 0);
      if (rank < 0) continue;
      next[w] = rank;
      heap[size] = w;
      size += 1;
    }
    for (let parent = (size >> 1) - 1; parent >= 0; parent -= 1) siftDown(parent);
    const found: number[] = [];
    let last = -1;
    while (size > 0 && found.length < limit) {
      const w = heap[0] ?? 0;
      const rank = next[w] ?? 0;
      // a good with two words of the range comes once per word: taken once
      if (rank !== last && checked.every((other) => this.hasWordIn(rank, other.start, other.end))) found.push(rank);
      last = rank;
      const following = advance(w, rank);
      if (following < 0) {
        size -= 1;
        heap[0] = heap[size] ?? 0;
      } else {
        next[w] = following;
      }
      siftDown(0);
    }
    return found;
  }
}

/**
 * Builds a SuggestionIndex from goods given one at a time, ranked in the order given (most sales first,
 * then by listing id: the order GoodsRepository.eachSuggestionEntry reads them in). Each good's words are
 * numbered as it is added, and nothing else of it is kept but its id, packed, so a read of the catalogue
 * can be folded in as its rows arrive instead of holding them all (at 500,000 goods some 200 MB of row
 * objects, which the collector marked in full collections of 14-36 ms each). `finish` does the passes
 * that need every good, giving the event loop back every BUILD_SLICE goods.
 */
export class SuggestionIndexBuilder {
  private readonly numbers = new WordNumbers();
  /** each good's words as numbers in the order they were first met, each once per good */
  private readonly pairs = new IntBuffer();
  /** where each good's words start in `pairs`, and where the last ends */
  private readonly goodStart = new IntBuffer();
  /** the last rank each word was met in: a word repeated within one good is taken once */
  private readonly lastRank: number[] = [];
  private readonly ids = new IdCollector();

  constructor() {
    this.goodStart.push(0);
  }

  /** How many goods were given. */
  get count(): number {
    return this.goodStart.length - 1;
  }

  /** The next good, ranked after every good given before it. */
  add(entry: SuggestionEntry): void {
    const rank = this.count;
    const tokens = entry.tokens;
    for (let start = 0; start < tokens.length; ) {
      const space = tokens.indexOf(' ', start);
      const end = space === -1 ? tokens.length : space;
      if (end > start) {
        const number = this.numbers.numberOf(tokens, start, end);
        if (number === this.lastRank.length) this.lastRank.push(-1);
        if (this.lastRank[number] !== rank) {
          this.lastRank[number] = rank;
          this.pairs.push(number);
        }
      }
      start = end + 1;
    }
    this.goodStart.push(this.pairs.length);
    this.ids.add(entry.goods_id);
  }

  /** The index of the goods given. */
  async finish(): Promise<SuggestionIndex> {
    const met = this.numbers.words;
    const goods = this.count;
    const goodStart = this.goodStart.values.slice(0, goods + 1);
    // the words sorted, and each good's words renumbered by that order
    const order = met.map((_, number) => number).sort((a, b) => compareText(met[a] ?? '', met[b] ?? ''));
    const sortedNumber = new Int32Array(met.length);
    order.forEach((number, position) => (sortedNumber[number] = position));
    const pairWords = this.pairs.values.subarray(0, this.pairs.length);
    const goodsBefore = new Int32Array(met.length + 1);
    for (let rank = 0; rank < goods; rank += 1) {
      if (rank % BUILD_SLICE === BUILD_SLICE - 1) await breathe();
      const words = pairWords.subarray(goodStart[rank], goodStart[rank + 1]);
      for (let at = 0; at < words.length; at += 1) {
        const word = sortedNumber[words[at] ?? 0] ?? 0;
        words[at] = word;
        goodsBefore[word + 1] = (goodsBefore[word + 1] ?? 0) + 1;
      }
      words.sort();
    }
    for (let word = 0; word < met.length; word += 1) goodsBefore[word + 1] = (goodsBefore[word + 1] ?? 0) + (goodsBefore[word] ?? 0);
    // each word's goods in rank order, as gaps: the ranks are walked in order, twice (the sizes, then the bytes)
    const previous = new Int32Array(met.length);
    const postingStart = new Int32Array(met.length + 1);
    for (let rank = 0; rank < goods; rank += 1) {
      if (rank % BUILD_SLICE === BUILD_SLICE - 1) await breathe();
      for (let at = goodStart[rank] ?? 0; at < (goodStart[rank + 1] ?? 0); at += 1) {
        const word = pairWords[at] ?? 0;
        postingStart[word + 1] = (postingStart[word + 1] ?? 0) + varintLength(rank - (previous[word] ?? 0));
        previous[word] = rank;
      }
    }
    for (let word = 0; word < met.length; word += 1) postingStart[word + 1] = (postingStart[word + 1] ?? 0) + (postingStart[word] ?? 0);
    const postings = new Uint8Array(postingStart[met.length] ?? 0);
    const next = postingStart.slice(0, met.length);
    previous.fill(0);
    for (let rank = 0; rank < goods; rank += 1) {
      if (rank % BUILD_SLICE === BUILD_SLICE - 1) await breathe();
      for (let at = goodStart[rank] ?? 0; at < (goodStart[rank + 1] ?? 0); at += 1) {
        const word = pairWords[at] ?? 0;
        next[word] = writeVarint(postings, next[word] ?? 0, rank - (previous[word] ?? 0));
        previous[word] = rank;
      }
    }
    return SuggestionIndex.of({
      ids: this.ids.collected(),
      words: order.map((number) => met[number] ?? ''),
      postingStart,
      postings,
      goodsBefore,
      goodStart,
      goodWords: met.length <= NARROW_WORDS ? new Uint16Array(pairWords) : pairWords.slice(),
    });
  }
}

/**
 * The index as the server keeps it (LiveRead): read on first use (the request waits; a serving process
 * reads it as it starts), then read again in the background, the old index answering meanwhile, when this
 * process changed listings or the index is `ttlMs` old (other processes' changes, sales moving goods up),
 * at most once per `minIntervalMs`: under a stream of listing changes the index is rebuilt every few
 * seconds, not after each change. Both waits grow with the last build's duration (REBUILD_SPACING), so a
 * large catalogue is not rebuilt most of the time. Goods hidden since are left out when their names are
 * read (GoodsRepository.namesOfListed).
 */
export class LiveSuggestionIndex extends LiveRead<SuggestionIndex> {
  /** `read` hands each good to `add` in the index's order (GoodsRepository.eachSuggestionEntry), as it arrives. */
  constructor(read: (add: (entry: SuggestionEntry) => void) => Promise<unknown>, clock: Clock, ttlMs: number, minIntervalMs: number) {
    super(
      async () => {
        const builder = new SuggestionIndexBuilder();
        await read((entry) => builder.add(entry));
        return builder.finish();
      },
      clock,
      ttlMs,
      minIntervalMs,
    );
  }
}
