import type { Pool } from 'pg';
import type { Clock } from '../../platform/clock.ts';

// Typo tolerance: when a search finds nothing, each unknown Latin word of the keyword is replaced by
// the closest word of the catalogue (at most one edit for words up to 4 letters, two for longer
// ones; ties go to a word with the same first letter, then to the commoner one), and the search runs
// once more. The vocabulary is the set of words in visible listings, read from the full-text index
// and refreshed every few minutes.

export const VOCABULARY_TTL_MS = 10 * 60_000;

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), capped. */
export function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (previousPrevious[j - 2] ?? 0) + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > cap) return cap + 1;
    previousPrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? cap + 1;
}

export class SearchVocabulary {
  private words: Map<string, number> | undefined;
  private loadedAt = 0;
  private loading: Promise<Map<string, number>> | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly clock: Clock,
  ) {}

  private async vocabulary(): Promise<Map<string, number>> {
    const now = this.clock.now().getTime();
    if (this.words && now - this.loadedAt < VOCABULARY_TTL_MS) return this.words;
    this.loading ??= this.pool
      .query<{ word: string; ndoc: number }>(
        `select word, ndoc from ts_stat('select search_vector from seller_goods where visible') where word ~ '^[a-z]{3,}$'`,
      )
      .then((result) => {
        this.words = new Map(result.rows.map((row) => [row.word, row.ndoc]));
        this.loadedAt = this.clock.now().getTime();
        return this.words;
      })
      .finally(() => {
        this.loading = undefined;
      });
    return this.loading;
  }

  /** The keyword with unknown words corrected, or undefined when nothing could be corrected. */
  async correct(keyword: string): Promise<string | undefined> {
    const words = await this.vocabulary();
    let changed = false;
    const corrected = keyword.replace(/[a-z]{3,}/gi, (original) => {
      const word = original.toLowerCase();
      if (words.has(word)) return original;
      // a prefix of a known word is a match already (searches match prefixes)
      const cap = word.length <= 4 ? 1 : 2;
      // closest first; at equal distance a word with the same first letter (typos rarely hit it), then the commoner
      let best: { word: string; score: number } | undefined;
      for (const [candidate, frequency] of words) {
        const distance = editDistance(word, candidate, cap);
        if (distance > cap) continue;
        const score = distance * 1e9 - (candidate[0] === word[0] ? 1e8 : 0) - frequency;
        if (!best || score < best.score) best = { word: candidate, score };
      }
      if (!best) return original;
      changed = true;
      return best.word;
    });
    return changed ? corrected : undefined;
  }
}
