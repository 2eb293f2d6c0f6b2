// Links the account screens show that come from the server or the brand file: only web links are
// made clickable, and relative ones are completed with the site's origin where they get copied.

/** A server-provided link usable as href: an http(s) URL or a path of this site; otherwise ''. */
export function safeLink(value: unknown): string {
  if (typeof value !== 'string') return '';
  const link = value.trim();
  if (link === '') return '';
  if (link.startsWith('/') && !link.startsWith('//') && !link.includes('\\')) return link;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}

/** The invitation link to share: the server may answer with a site path ("/register?code=..."). */
export function absoluteLink(value: unknown, origin: string): string {
  const link = safeLink(value);
  if (link === '' || !link.startsWith('/')) return link;
  return `${origin.replace(/\/+$/, '')}${link}`;
}

/** Counters arrive as strings ("3") or numbers; anything else counts as 0. */
export function toCount(value: unknown): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : 0;
  return Number.isSafeInteger(number) && number > 0 ? number : 0;
}

/** Whether a decimal amount from the server is above zero (no float parsing). */
export function isPositiveAmount(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  const match = /^\+?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) return false;
  return /[1-9]/.test(match[1] ?? '') || /[1-9]/.test(match[2] ?? '');
}

/** A shop's share of good reviews as a whole percentage; undefined while it has no reviews. */
export function reviewRatePercent(highOpinion: number, evaluationNum: number): number | undefined {
  if (!Number.isFinite(highOpinion) || !(evaluationNum > 0)) return undefined;
  return Math.round(Math.min(1, Math.max(0, highOpinion)) * 100);
}

/**
 * A user-supplied name placed inside a translated sentence, wrapped in Unicode isolates (FSI ... PDI)
 * so a Latin name keeps its punctuation in an Arabic sentence and the other way round.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
