import { describe, expect, it } from 'vitest';
import { buildEvaluationAddList, MAX_REVIEW_PICTURES, reviewTargets, type ReviewDraft } from '../../src/features/orders/review-request.ts';

const orderId = 'ff8080818604394d01860767e945005c';
const goodsA = 'aa8080818604394d01860767e945005c';
const goodsB = 'bb8080818604394d01860767e945005c';
const draft = (overrides: Partial<ReviewDraft> = {}): ReviewDraft => ({ sellerGoodsId: goodsA, evaluationType: 1, rating: 5, content: '', pictures: [], ...overrides });

describe('buildEvaluationAddList', () => {
  it('builds one review per product with its pictures as imgUrl1..n', () => {
    const result = buildEvaluationAddList(orderId, [
      draft({ content: '  Great  ', pictures: ['/uploads/1.jpg', '', '/uploads/2.png'] }),
      draft({ sellerGoodsId: goodsB, evaluationType: 3, rating: 1 }),
    ]);
    expect(result).toEqual({
      ok: true,
      body: {
        orderId,
        evaluationAdds: [
          { sellerGoodsId: goodsA, evaluationType: 1, rating: 5, content: 'Great', imgUrl1: '/uploads/1.jpg', imgUrl2: '/uploads/2.png' },
          { sellerGoodsId: goodsB, evaluationType: 3, rating: 1, content: '' },
        ],
      },
    });
  });

  it('refuses an empty list and a product named twice', () => {
    expect(buildEvaluationAddList(orderId, [])).toEqual({ ok: false, problem: 'empty' });
    expect(buildEvaluationAddList(orderId, [draft(), draft({ rating: 2 })])).toEqual({ ok: false, problem: 'duplicate', index: 1 });
    expect(buildEvaluationAddList(orderId, [draft({ sellerGoodsId: '  ' })])).toEqual({ ok: false, problem: 'goods', index: 0 });
  });

  it('accepts only good, medium or bad', () => {
    for (const evaluationType of [1, 2, 3]) expect(buildEvaluationAddList(orderId, [draft({ evaluationType })]).ok).toBe(true);
    for (const evaluationType of [0, 4, -1, 1.5, Number.NaN]) expect(buildEvaluationAddList(orderId, [draft({ evaluationType })])).toEqual({ ok: false, problem: 'type', index: 0 });
  });

  it('accepts whole ratings from 1 to 5 only', () => {
    for (const rating of [1, 5]) expect(buildEvaluationAddList(orderId, [draft({ rating })]).ok).toBe(true);
    for (const rating of [0, 6, 4.5, -3, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(buildEvaluationAddList(orderId, [draft(), draft({ sellerGoodsId: goodsB, rating })])).toEqual({ ok: false, problem: 'rating', index: 1 });
    }
  });

  it('limits the text to 1000 characters and the pictures to 9', () => {
    expect(buildEvaluationAddList(orderId, [draft({ content: 'x'.repeat(1000) })]).ok).toBe(true);
    expect(buildEvaluationAddList(orderId, [draft({ content: 'x'.repeat(1001) })])).toEqual({ ok: false, problem: 'content', index: 0 });
    const nine = Array.from({ length: MAX_REVIEW_PICTURES }, (_, index) => `/uploads/${index}.jpg`);
    const built = buildEvaluationAddList(orderId, [draft({ pictures: nine })]);
    expect(built.ok && built.body.evaluationAdds[0]?.imgUrl9).toBe('/uploads/8.jpg');
    expect(buildEvaluationAddList(orderId, [draft({ pictures: [...nine, '/uploads/x.jpg'] })])).toEqual({ ok: false, problem: 'pictures', index: 0 });
  });
});

describe('reviewTargets', () => {
  it('groups the lines of one product and marks it reviewed when any line is', () => {
    const lines = [
      { id: '1', goodsId: goodsA, evaluated: 0 },
      { id: '2', goodsId: goodsB, evaluated: 1 },
      { id: '3', goodsId: goodsA, evaluated: 1 },
    ];
    expect(reviewTargets(lines)).toEqual([
      { goodsId: goodsA, lines: [lines[0], lines[2]], reviewed: true },
      { goodsId: goodsB, lines: [lines[1]], reviewed: true },
    ]);
  });

  it('leaves unreviewed products open and copes with no lines', () => {
    expect(reviewTargets([{ id: '1', goodsId: goodsA, evaluated: 0 }])).toEqual([{ goodsId: goodsA, lines: [{ id: '1', goodsId: goodsA, evaluated: 0 }], reviewed: false }]);
    expect(reviewTargets([])).toEqual([]);
  });
});
