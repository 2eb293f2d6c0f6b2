import type { Clock } from '../../platform/clock.ts';
import type { QueryTerm } from './search-text.ts';

// The suggestion index of sellerGoods!search-keyword (ADR 0013): the words of every system good with a
// visible listing, in memory, each word with its goods in the order suggestions show them (best
// seller first). A prefix typed in the search box is a range of the sorted words; the best goods of a
// range are the first few of each word's list. This answers what the full-text search of the listings
// answers (search-text.ts: Latin words by prefix, Chinese by characters and pairs, all words of the
// keyword), without visiting the thousands of listings a short prefix matches.

/** A system good as the index reads it: its best listing's sales and id (the order), the words of its listing. */
export interface SuggestionEntry {
  goods_id: string;
  sold_num: number;
  listing_id: string;
  terms: string[];
}

export class SuggestionIndex {
  /** goods ids by rank: best seller first, then by listing id */
  private readonly goodsIds: string[];
  /** the words, sorted; `postings[i]` holds the ranks of the goods of `words[i]`, ascending */
  private readonly words: string[];
  private readonly postings: Int32Array[];
  /** the words of each good (by rank), to check the other words of a keyword */
  private readonly termsOf: Set<string>[];

  constructor(entries: SuggestionEntry[]) {
    const ranked = [...entries].sort((a, b) => b.sold_num - a.sold_num || (a.listing_id < b.listing_id ? -1 : a.listing_id > b.listing_id ? 1 : 0));
    this.goodsIds = ranked.map((entry) => entry.goods_id);
    this.termsOf = ranked.map((entry) => new Set(entry.terms));
    const byWord = new Map<string, number[]>();
    ranked.forEach((entry, rank) => {
      for (const term of new Set(entry.terms)) {
        const list = byWord.get(term);
        if (list) list.push(rank);
        else byWord.set(term, [rank]);
      }
    });
    this.words = [...byWord.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.postings = this.words.map((word) => Int32Array.from(byWord.get(word) ?? []));
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
    const terms = this.termsOf[rank];
    if (!terms) return false;
    if (!term.prefix) return terms.has(term.text);
    for (const word of terms) if (word.startsWith(term.text)) return true;
    return false;
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
 * The index as the server keeps it: read on first use, read again (and awaited) after this process
 * changed listings, and refreshed in the background once it is `ttlMs` old (other processes' changes,
 * sales moving goods up): the old index answers meanwhile. Loads are shared.
 */
export class LiveSuggestionIndex {
  private index: SuggestionIndex | undefined;
  private loadedAt = 0;
  /** bumped by every change; the index is fresh when it was loaded after the last one */
  private generation = 0;
  private loadedGeneration = -1;
  private loading: Promise<void> | undefined;

  constructor(
    private readonly load: () => Promise<SuggestionEntry[]>,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  async current(): Promise<SuggestionIndex> {
    while (!this.index || this.loadedGeneration !== this.generation) await this.reload();
    if (this.clock.now().getTime() - this.loadedAt >= this.ttlMs) {
      // a failed refresh keeps the old index; the next request tries again
      this.reload().catch(() => undefined);
    }
    return this.index;
  }

  /** Listings changed in this process: the next suggestion waits for a fresh index. */
  forget(): void {
    this.generation += 1;
  }

  private reload(): Promise<void> {
    this.loading ??= (async () => {
      const generation = this.generation;
      const startedAt = this.clock.now().getTime();
      const index = new SuggestionIndex(await this.load());
      this.index = index;
      this.loadedAt = startedAt;
      this.loadedGeneration = generation;
    })().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }
}
