// Search history (spec sections 4 and 9): at most 10 distinct entries, newest first.

export const SEARCH_HISTORY_MAX = 10;

export function addToHistory(history: readonly string[], text: string, max = SEARCH_HISTORY_MAX): string[] {
  const entry = text.trim();
  if (entry.length === 0) return [...history];
  return [entry, ...history.filter((item) => item !== entry)].slice(0, max);
}
