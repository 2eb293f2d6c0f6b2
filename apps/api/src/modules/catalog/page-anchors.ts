// Where deep pages of the whole catalogue start (ADR 0022). A page at OFFSET n walks n index entries
// before its first row: at 500,000 goods the catalogue's page 10,000 walked 200,000 entries of the sales
// index, 10-30 ms of PostgreSQL. The anchors are every ANCHOR_SPACING-th listing of an order, read in one
// walk of its index; a deep page starts from the anchor at or before its offset and walks fewer than
// ANCHOR_SPACING + its size entries from there.

/** A listing's place in an order: its value of the order's column (as PostgreSQL writes it) and its id. */
export interface AnchorKey {
  value: string;
  id: string;
}

/** One anchor every this many listings of an order. */
export const ANCHOR_SPACING = 1_000;

/** Where a page starts: at `key` (included), skipping `skip` listings from it. */
export interface PageStart {
  key: AnchorKey;
  skip: number;
}

export class PageAnchors {
  /** `keys[i]` is the listing at offset `i * spacing` of the order when the anchors were read */
  constructor(
    private readonly keys: readonly AnchorKey[],
    private readonly spacing = ANCHOR_SPACING,
  ) {}

  get size(): number {
    return this.keys.length;
  }

  /**
   * Where the page at `offset` starts, or undefined when the offset comes before the second anchor (its
   * walk is short anyway) or the order was empty. Past the last anchor, the last one: the listings after
   * it are fewer than the spacing unless many were added since the read.
   */
  from(offset: number): PageStart | undefined {
    const index = Math.min(Math.floor(offset / this.spacing), this.keys.length - 1);
    const key = this.keys[index];
    if (index < 1 || !key) return undefined;
    return { key, skip: offset - index * this.spacing };
  }
}
