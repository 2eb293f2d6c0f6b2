import { describe, expect, it } from 'vitest';
import { PageAnchors } from '../../src/modules/catalog/page-anchors.ts';

// Where a deep page starts (ADR 0022): from the anchor at or before its offset, skipping the rest.

const key = (n: number) => ({ value: String(1000 - n), id: `l${n}` });
/** anchors of an order of 35 listings read every 10: offsets 0, 10, 20, 30 */
const anchors = new PageAnchors([0, 10, 20, 30].map(key), 10);

describe('PageAnchors', () => {
  it('starts a page from the anchor at or before its offset, skipping the listings between', () => {
    expect(anchors.size).toBe(4);
    expect(anchors.from(10)).toEqual({ key: key(10), skip: 0 });
    expect(anchors.from(19)).toEqual({ key: key(10), skip: 9 });
    expect(anchors.from(20)).toEqual({ key: key(20), skip: 0 });
    expect(anchors.from(34)).toEqual({ key: key(30), skip: 4 });
  });

  it('leaves pages before the second anchor to their own short walk', () => {
    for (const offset of [0, 1, 9]) expect(anchors.from(offset)).toBeUndefined();
  });

  it('starts a page past the last anchor from the last one (listings may have been added since the read)', () => {
    expect(anchors.from(45)).toEqual({ key: key(30), skip: 15 });
  });

  it('has nothing to start from in an empty order, or in one shorter than the spacing', () => {
    expect(new PageAnchors([], 10).from(25)).toBeUndefined();
    expect(new PageAnchors([key(0)], 10).from(25)).toBeUndefined();
  });
});
