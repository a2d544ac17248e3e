/**
 * Where a list's deep pages start, remembered for a few seconds: "in this query, the row at
 * position 44,985 has these sort keys". A later request for that page, or any page after it, seeks
 * to the keys through the sort's index and skips only the rows in between, instead of walking
 * every row before it (page 3000 of 15 rows: 45,000 index entries, ≈ 2.5 ms of PostgreSQL).
 *
 * Positions move when rows are written before them. An anchor lives ANCHOR_LIFETIME_MS from the
 * moment it was read and is never extended, so a deep page lags the writes of at most that long by
 * their count, as a page read through OFFSET a moment earlier would; a row deleted at the anchor
 * itself does not matter (the seek starts at its keys, wherever the row went).
 */
export const ANCHOR_LIFETIME_MS = 5_000;
/** Pages that start before this position walk their offset: cheap, and not worth an anchor. */
export const ANCHOR_FROM_POSITION = 1_000;

const MAX_QUERIES = 256;
const MAX_ANCHORS_PER_QUERY = 16;

export type Anchor = { position: number; keys: readonly unknown[]; expires: number };

export class ListAnchors {
  readonly #byQuery = new Map<string, Anchor[]>();

  // Read at each call (not captured once), so a test that freezes the clock freezes this one.
  constructor(private readonly now: () => number = () => Date.now()) {}

  /** The live anchor of `query` closest before (or at) `position`, if any. */
  nearest(query: string, position: number): Anchor | undefined {
    const anchors = this.#live(query);
    let best: Anchor | undefined;
    for (const anchor of anchors) {
      if (anchor.position <= position && (!best || anchor.position > best.position)) best = anchor;
    }
    return best;
  }

  /** Remembers the keys of the row at `position` (a live anchor there is kept as it is). */
  remember(query: string, position: number, keys: readonly unknown[]): void {
    const anchors = this.#live(query);
    if (anchors.some((anchor) => anchor.position === position)) return;
    anchors.push({ position, keys, expires: this.now() + ANCHOR_LIFETIME_MS });
    if (anchors.length > MAX_ANCHORS_PER_QUERY) anchors.shift();
    // Most recently used last: the first key is the one to forget.
    this.#byQuery.delete(query);
    this.#byQuery.set(query, anchors);
    if (this.#byQuery.size > MAX_QUERIES) {
      const oldest = this.#byQuery.keys().next().value;
      if (oldest !== undefined) this.#byQuery.delete(oldest);
    }
  }

  #live(query: string): Anchor[] {
    const now = this.now();
    const anchors = (this.#byQuery.get(query) ?? []).filter((anchor) => anchor.expires > now);
    if (anchors.length) this.#byQuery.set(query, anchors);
    else this.#byQuery.delete(query);
    return anchors;
  }
}
