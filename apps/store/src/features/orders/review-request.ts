// The evaluation!addList body from the review form: one review per product of the order.

/** Review categories: 1 good, 2 medium, 3 bad. */
export const EVALUATION_TYPES = [1, 2, 3] as const;
export type EvaluationType = (typeof EVALUATION_TYPES)[number];
export const MIN_RATING = 1;
export const MAX_RATING = 5;
/** Spec section 5: at most 9 review pictures. */
export const MAX_REVIEW_PICTURES = 9;
/** evaluation!addList `content` limit (contract reviewInput). */
export const MAX_REVIEW_TEXT_LENGTH = 1000;

export interface ReviewDraft {
  sellerGoodsId: string;
  evaluationType: number;
  rating: number;
  content: string;
  pictures: readonly string[];
}

export interface EvaluationAdd {
  sellerGoodsId: string;
  evaluationType: number;
  rating: number;
  content: string;
  [picture: `imgUrl${number}`]: string;
}

export interface EvaluationAddList {
  orderId: string;
  evaluationAdds: EvaluationAdd[];
}

export type ReviewProblem = 'empty' | 'goods' | 'duplicate' | 'type' | 'rating' | 'content' | 'pictures';

export type ReviewRequestCheck = { ok: true; body: EvaluationAddList } | { ok: false; problem: ReviewProblem; index?: number };

export function buildEvaluationAddList(orderId: string, drafts: readonly ReviewDraft[]): ReviewRequestCheck {
  if (drafts.length === 0) return { ok: false, problem: 'empty' };
  const seen = new Set<string>();
  const evaluationAdds: EvaluationAdd[] = [];
  for (const [index, draft] of drafts.entries()) {
    if (draft.sellerGoodsId.trim().length === 0) return { ok: false, problem: 'goods', index };
    // the server reviews a product once per order and refuses a body naming it twice
    if (seen.has(draft.sellerGoodsId)) return { ok: false, problem: 'duplicate', index };
    seen.add(draft.sellerGoodsId);
    if (!(EVALUATION_TYPES as readonly number[]).includes(draft.evaluationType)) return { ok: false, problem: 'type', index };
    if (!Number.isInteger(draft.rating) || draft.rating < MIN_RATING || draft.rating > MAX_RATING) return { ok: false, problem: 'rating', index };
    const content = draft.content.trim();
    if (content.length > MAX_REVIEW_TEXT_LENGTH) return { ok: false, problem: 'content', index };
    const pictures = draft.pictures.map((url) => url.trim()).filter((url) => url.length > 0);
    if (pictures.length > MAX_REVIEW_PICTURES) return { ok: false, problem: 'pictures', index };
    const add: EvaluationAdd = { sellerGoodsId: draft.sellerGoodsId, evaluationType: draft.evaluationType, rating: draft.rating, content };
    pictures.forEach((url, position) => {
      add[`imgUrl${position + 1}`] = url;
    });
    evaluationAdds.push(add);
  }
  return { ok: true, body: { orderId, evaluationAdds } };
}

export interface ReviewableLine {
  id: string;
  /** the seller-goods id, what a review names */
  goodsId: string;
  evaluated: number;
}

export interface ReviewTarget<Line extends ReviewableLine> {
  goodsId: string;
  /** the order lines of this product (several SKUs of one product share one review) */
  lines: Line[];
  reviewed: boolean;
}

/**
 * The products to review, in order of appearance. The server keys a review by product, so lines of
 * one product (different SKUs) share it; the product counts as reviewed once any of its lines is.
 */
export function reviewTargets<Line extends ReviewableLine>(lines: readonly Line[]): ReviewTarget<Line>[] {
  const targets: ReviewTarget<Line>[] = [];
  for (const line of lines) {
    const existing = targets.find((target) => target.goodsId === line.goodsId);
    if (existing) {
      existing.lines.push(line);
      existing.reviewed ||= line.evaluated === 1;
    } else {
      targets.push({ goodsId: line.goodsId, lines: [line], reviewed: line.evaluated === 1 });
    }
  }
  return targets;
}
