// Which keywords can match no open shop's name, answered in memory (ADR 0013, addendum of 2026-12-06).
// sellerGoods!search-keyword asks for shops on every keystroke, and most keywords match none: the goods'
// words rarely occur in shop names. PostgreSQL's answer (open_shops_named: trigram word similarity
// `keyword <% lower(name)`, or the name containing the keyword) is exact; this filter only says when
// asking is useless, so it must never say "no" where PostgreSQL would say "yes".
//
// The bound: word_similarity(keyword, name) is the share of the keyword's trigrams found in the best
// extent of the name's, so it is at most the share found anywhere in the name. A shop whose name holds
// fewer than the threshold's share of the keyword's trigrams cannot match by similarity; one whose
// lower-cased name does not contain the keyword cannot match by LIKE. The filter works on keywords of
// ASCII letters, digits and spaces only (anything else is asked of PostgreSQL), whose trigrams are
// ASCII; it keeps, for each name, every ASCII trigram PostgreSQL could draw from it: words split at
// every character outside a-z and 0-9, and again with the non-ASCII characters removed (a letter whose
// lower case PostgreSQL and JavaScript write differently, such as "İ", is then covered both ways).
import type { Clock } from '../../platform/clock.ts';
import { LiveRead } from '../../platform/live-read.ts';

const PLAIN_KEYWORD = /^[a-z0-9 ]+$/;
const NON_ASCII = /[^\x00-\x7f]/gu;

/** pg_trgm's trigrams of ASCII text: each run of a-z/0-9 padded with two spaces before and one after. */
export function asciiTrigrams(text: string, into = new Set<string>()): Set<string> {
  for (const word of text.split(/[^a-z0-9]+/)) {
    if (word.length === 0) continue;
    const padded = `  ${word} `;
    for (let at = 0; at + 3 <= padded.length; at += 1) into.add(padded.slice(at, at + 3));
  }
  return into;
}

export interface OpenShopNames {
  names: string[];
  /** pg_trgm.word_similarity_threshold as the database's sessions see it */
  threshold: number;
}

export class ShopNameFilter {
  /** trigram -> the shops (positions in the names read) whose name holds it */
  private readonly postings = new Map<string, number[]>();
  /** the lower-cased names without their non-ASCII characters, one per line (what LIKE could find) */
  private readonly text: string;
  private readonly counts: Uint16Array;

  constructor(private readonly source: OpenShopNames) {
    const lines: string[] = [];
    source.names.forEach((name, shop) => {
      const lower = name.toLowerCase();
      const stripped = lower.replace(NON_ASCII, '');
      lines.push(stripped);
      const trigrams = asciiTrigrams(lower.replace(NON_ASCII, ' '));
      if (stripped !== lower) asciiTrigrams(stripped, trigrams);
      for (const trigram of trigrams) {
        const shops = this.postings.get(trigram);
        if (shops) shops.push(shop);
        else this.postings.set(trigram, [shop]);
      }
    });
    this.text = lines.join('\n');
    this.counts = new Uint16Array(source.names.length);
  }

  get size(): number {
    return this.source.names.length;
  }

  /** False only when no open shop read can match `keyword` (as searchText writes it). */
  mayMatch(keyword: string): boolean {
    if (!PLAIN_KEYWORD.test(keyword)) return true;
    if (this.text.includes(keyword)) return true;
    const trigrams = asciiTrigrams(keyword);
    const needed = Math.ceil(this.source.threshold * trigrams.size - 1e-9);
    if (trigrams.size === 0 || needed <= 0) return true;
    // (at most a few dozen trigrams: a count per shop fits 16 bits)
    this.counts.fill(0);
    for (const trigram of trigrams) {
      for (const shop of this.postings.get(trigram) ?? []) {
        const count = (this.counts[shop] ?? 0) + 1;
        if (count >= needed) return true;
        this.counts[shop] = count;
      }
    }
    return false;
  }
}

/** Every shop (open or not: orders keep naming closed ones), as the directory reads them. */
export interface ShopDirectorySource {
  shops: { id: string; name: string; open: boolean }[];
  /** pg_trgm.word_similarity_threshold as the database's sessions see it */
  threshold: number;
}

/** Every shop's name by id, and the name filter of the open ones: one read of the shops for both. */
export class ShopDirectory {
  readonly filter: ShopNameFilter;
  private readonly names: Map<string, string>;

  constructor(source: ShopDirectorySource) {
    this.names = new Map(source.shops.map((shop) => [shop.id, shop.name]));
    this.filter = new ShopNameFilter({ names: source.shops.filter((shop) => shop.open).map((shop) => shop.name), threshold: source.threshold });
  }

  get size(): number {
    return this.names.size;
  }

  /** The shop's name, when the shop was read (a shop opened since is not). */
  nameOf(shopId: string): string | undefined {
    return this.names.get(shopId);
  }
}

/**
 * After a change in this process, how long a read must start after it to be trusted with it: a shop
 * opens or is renamed inside its caller's transaction (a settle-in approval), which commits a moment later.
 */
export const SHOP_NAMES_SETTLE_MS = 5_000;

/**
 * The directory as the server keeps it (LiveRead): read on first use in the background (PostgreSQL answers
 * meanwhile), read again when `ttlMs` old (shops opened or renamed by other processes appear within it)
 * and after a change in this process (`forget`); until a read that started `SHOP_NAMES_SETTLE_MS` after
 * that change has finished, it is not used: every keyword is asked of PostgreSQL, every name read from
 * the shops' rows (ShopsService.namesByIds).
 */
export class LiveShopDirectory extends LiveRead<ShopDirectory> {
  constructor(load: () => Promise<ShopDirectorySource>, clock: Clock, ttlMs: number, minIntervalMs: number) {
    super(async () => new ShopDirectory(await load()), clock, ttlMs, minIntervalMs, SHOP_NAMES_SETTLE_MS);
  }

  /** Whether `keyword` may match an open shop's name (true whenever the filter cannot be sure). */
  mayMatch(keyword: string): boolean {
    return this.peekUnchangedOrRead(Number.POSITIVE_INFINITY)?.filter.mayMatch(keyword) ?? true;
  }

  /**
   * Reads the directory now if it has not been and no read is running, then waits for the read (a serving
   * process calls it as it starts); answers the shops read.
   */
  async prepare(): Promise<number> {
    await (this.pending() ?? (this.peek() ? undefined : this.read()))?.catch(() => undefined);
    return this.peek()?.size ?? 0;
  }
}
