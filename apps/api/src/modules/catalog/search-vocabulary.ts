// Typo tolerance: when a search finds nothing, each unknown Latin word of the keyword is replaced by
// the closest word of the catalogue (at most one edit for words up to 4 letters, two for longer
// ones; ties go to a word with the same first letter, then to the commoner one), and the search runs
// once more. The vocabulary is the suggestion index's words (the words of the visible listings, with
// how many goods have each), worked out once per build of that index (SuggestionIndex.vocabulary), so
// no search waits for the catalogue's words to be read and no second copy of them is kept.

/** The words a correction may propose: Latin letters only, three or more. */
const LATIN_WORD = /^[a-z]{3,}$/;

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

/** The catalogue's Latin words with how common each is, grouped by length: a word is compared only with those its edits can reach. */
export class SearchVocabulary {
  private readonly known = new Set<string>();
  /** `byLength[n]`: the words of n letters and how common each is */
  private readonly byLength: { word: string; frequency: number }[][] = [];

  /** `words`: each word with how many goods (or listings) have it; words that are not Latin are left out. */
  constructor(words: Iterable<readonly [string, number]>) {
    for (const [word, frequency] of words) {
      if (!LATIN_WORD.test(word) || this.known.has(word)) continue;
      this.known.add(word);
      (this.byLength[word.length] ??= []).push({ word, frequency });
    }
  }

  get size(): number {
    return this.known.size;
  }

  /** The keyword with unknown words corrected, or undefined when nothing could be corrected. */
  correct(keyword: string): string | undefined {
    let changed = false;
    const corrected = keyword.replace(/[a-z]{3,}/gi, (original) => {
      const word = original.toLowerCase();
      if (this.known.has(word)) return original;
      const cap = word.length <= 4 ? 1 : 2;
      // closest first; at equal distance a word with the same first letter (typos rarely hit it), then the commoner
      let best: { word: string; score: number } | undefined;
      for (let length = Math.max(0, word.length - cap); length <= word.length + cap; length += 1) {
        for (const candidate of this.byLength[length] ?? []) {
          const distance = editDistance(word, candidate.word, cap);
          if (distance > cap) continue;
          const score = distance * 1e9 - (candidate.word[0] === word[0] ? 1e8 : 0) - candidate.frequency;
          if (!best || score < best.score) best = { word: candidate.word, score };
        }
      }
      if (!best) return original;
      changed = true;
      return best.word;
    });
    return changed ? corrected : undefined;
  }
}
