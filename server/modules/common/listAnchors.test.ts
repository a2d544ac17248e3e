import { describe, expect, it } from 'vitest';
import { companies, users } from '../../db/schema/index.js';
import { ANCHOR_LIFETIME_MS, ListAnchors } from './listAnchors.js';
import { listOrder } from './listing.js';

describe('ListAnchors', () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('finds the closest anchor at or before a position, of the same query only', () => {
    const anchors = new ListAnchors();
    anchors.remember('q', 3_000, [3_001]);
    anchors.remember('q', 45_000, [45_001]);
    expect(anchors.nearest('q', 44_999)?.keys).toEqual([3_001]);
    expect(anchors.nearest('q', 45_000)?.keys).toEqual([45_001]);
    expect(anchors.nearest('q', 90_000)?.keys).toEqual([45_001]);
    expect(anchors.nearest('q', 2_999)).toBeUndefined();
    expect(anchors.nearest('other', 45_000)).toBeUndefined();
  });

  it('forgets an anchor ANCHOR_LIFETIME_MS after it was read, and never extends it', () => {
    const { now, advance } = clock();
    const anchors = new ListAnchors(now);
    anchors.remember('q', 45_000, [1]);
    advance(ANCHOR_LIFETIME_MS - 1);
    anchors.remember('q', 45_000, [2]);
    expect(anchors.nearest('q', 45_000)?.keys).toEqual([1]);
    advance(1);
    expect(anchors.nearest('q', 45_000)).toBeUndefined();
    anchors.remember('q', 45_000, [3]);
    expect(anchors.nearest('q', 45_000)?.keys).toEqual([3]);
  });

  it('keeps a bounded number of anchors per query and of queries', () => {
    const anchors = new ListAnchors();
    for (let position = 1; position <= 20; position++) anchors.remember('q', position * 1_000, [position]);
    // The four oldest of twenty went.
    expect(anchors.nearest('q', 4_000)).toBeUndefined();
    expect(anchors.nearest('q', 5_000)?.keys).toEqual([5]);
    for (let query = 0; query < 300; query++) anchors.remember(`query ${query}`, 1_000, [query]);
    expect(anchors.nearest('q', 20_000)).toBeUndefined();
    expect(anchors.nearest('query 0', 1_000)).toBeUndefined();
    expect(anchors.nearest('query 299', 1_000)?.keys).toEqual([299]);
  });
});

describe('listOrder', () => {
  const columns = {
    id: companies.id,
    fiscal_name: companies.fiscalName,
    parent: companies.parentId,
    user: users.id,
  };

  it('seeks by NOT NULL columns of the list table, with the id last; the id alone when sorted by it', () => {
    expect(listOrder(columns, companies.id, undefined, 'id', 'ASC').seek).toEqual({
      keys: [companies.id],
      descending: false,
    });
    expect(listOrder(columns, companies.id, 'fiscal_name', 'id', 'DESC').seek).toEqual({
      keys: [companies.fiscalName, companies.id],
      descending: true,
    });
  });

  it('does not seek while searching, by a nullable column or by another table', () => {
    expect(listOrder(columns, companies.id, 'id', 'id', 'ASC', { searching: true }).seek).toBeUndefined();
    expect(listOrder(columns, companies.id, 'parent', 'id', 'ASC').seek).toBeUndefined();
    expect(listOrder(columns, companies.id, 'user', 'id', 'ASC').seek).toBeUndefined();
  });
});
