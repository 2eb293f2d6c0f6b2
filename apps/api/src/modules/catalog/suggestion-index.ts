import type { Clock } from '../../platform/clock.ts';
import type { QueryTerm } from './search-text.ts';

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

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export class SuggestionIndex {
  /** goods ids by rank: best seller first, then by listing id */
  private readonly goodsIds: string[];
  /** the words of each good (by rank) between spaces, to check the other words of a keyword */
  private readonly tokensOf: string[];
  /** the words, sorted; `postings[i]` holds the ranks of the goods of `words[i]`, ascending */
  private readonly words: string[];
  private readonly postings: Int32Array[];

  private constructor(goodsIds: string[], tokensOf: string[], words: string[], postings: Int32Array[]) {
    this.goodsIds = goodsIds;
    this.tokensOf = tokensOf;
    this.words = words;
    this.postings = postings;
  }

  /**
   * Builds the index, giving the event loop back every BUILD_SLICE goods: a catalogue of 50,000 goods
   * has some 2 million (word, good) pairs, a second of work that must not stall requests meanwhile.
   */
  static async build(entries: SuggestionEntry[]): Promise<SuggestionIndex> {
    const ranked = [...entries].sort((a, b) => b.sold_num - a.sold_num || compareText(a.listing_id, b.listing_id));
    const byWord = new Map<string, number[]>();
    for (let rank = 0; rank < ranked.length; rank += 1) {
      if (rank % BUILD_SLICE === BUILD_SLICE - 1) await new Promise((resolve) => setImmediate(resolve));
      for (const word of (ranked[rank]?.tokens ?? '').split(' ')) {
        if (word.length === 0) continue;
        const list = byWord.get(word);
        // ranks come in order: a word repeated within one good is pushed once
        if (!list) byWord.set(word, [rank]);
        else if (list[list.length - 1] !== rank) list.push(rank);
      }
    }
    const words = [...byWord.keys()].sort(compareText);
    return new SuggestionIndex(
      ranked.map((entry) => entry.goods_id),
      ranked.map((entry) => ` ${entry.tokens} `),
      words,
      words.map((word) => Int32Array.from(byWord.get(word) ?? [])),
    );
  }

  get size(): number {
    return this.goodsIds.length;
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

  /** The positions in `words` a term matches: the words starting with it (a prefix term) or the word itself. */
  private range(term: QueryTerm): [number, number] {
    const start = this.lowerBound(term.text);
    if (!term.prefix) return this.words[start] === term.text ? [start, start + 1] : [start, start];
    let end = start;
    while (end < this.words.length && (this.words[end] ?? '').startsWith(term.text)) end += 1;
    return [start, end];
  }

  private matches(rank: number, term: QueryTerm): boolean {
    return (this.tokensOf[rank] ?? '').includes(term.prefix ? ` ${term.text}` : ` ${term.text} `);
  }

  /**
   * The ids of the best `limit` goods whose words match every term (best seller first); none for no
   * terms. The term with the fewest goods is walked; the others are checked on each of its goods.
   */
  search(terms: QueryTerm[], limit: number): string[] {
    if (terms.length === 0 || limit <= 0) return [];
    const ranges = terms.map((term) => {
      const [start, end] = this.range(term);
      let count = 0;
      for (let index = start; index < end; index += 1) count += this.postings[index]?.length ?? 0;
      return { term, start, end, count };
    });
    ranges.sort((a, b) => a.count - b.count);
    const [walked, ...checked] = ranges;
    if (!walked || walked.count === 0) return [];
    // with one term, the best `limit` of each word's goods hold the best `limit` of all; with more, any may
    const take = checked.length === 0 ? limit : Number.POSITIVE_INFINITY;
    const candidates = new Set<number>();
    for (let index = walked.start; index < walked.end; index += 1) {
      const posting = this.postings[index] ?? new Int32Array();
      const count = Math.min(posting.length, take);
      for (let at = 0; at < count; at += 1) candidates.add(posting[at] ?? 0);
    }
    const found: string[] = [];
    for (const rank of [...candidates].sort((a, b) => a - b)) {
      if (!checked.every((other) => this.matches(rank, other.term))) continue;
      found.push(this.goodsIds[rank] ?? '');
      if (found.length === limit) break;
    }
    return found;
  }
}

/**
 * The index as the server keeps it: read on first use (the request waits), then read again in the
 * background, the old index answering meanwhile, when this process changed listings or the index is
 * `ttlMs` old (other processes' changes, sales moving goods up), at most once per `minIntervalMs`:
 * under a stream of listing changes the index is rebuilt every few seconds, not after each change.
 * Goods hidden since are left out when their names are read (GoodsRepository.namesOfListed).
 */
export class LiveSuggestionIndex {
  private index: SuggestionIndex | undefined;
  private startedAt = Number.NEGATIVE_INFINITY;
  private loadedAt = 0;
  /** bumped by every change; the index is fresh when it was read after the last one */
  private generation = 0;
  private loadedGeneration = -1;
  private loading: Promise<SuggestionIndex> | undefined;

  constructor(
    private readonly load: () => Promise<SuggestionEntry[]>,
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly minIntervalMs: number,
  ) {}

  async current(): Promise<SuggestionIndex> {
    if (!this.index) return this.reload();
    const now = this.clock.now().getTime();
    const due = this.loadedGeneration !== this.generation || now - this.loadedAt >= this.ttlMs;
    if (due && now - this.startedAt >= this.minIntervalMs) {
      // a failed refresh keeps the old index; a later request tries again
      this.reload().catch(() => undefined);
    }
    return this.index;
  }

  /** Listings changed in this process. */
  forget(): void {
    this.generation += 1;
  }

  private reload(): Promise<SuggestionIndex> {
    this.loading ??= (async () => {
      const generation = this.generation;
      this.startedAt = this.clock.now().getTime();
      const index = await SuggestionIndex.build(await this.load());
      this.index = index;
      this.loadedAt = this.startedAt;
      this.loadedGeneration = generation;
      return index;
    })().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }
}
