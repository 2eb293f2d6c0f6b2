// The review tabs of the goods detail in the store and of the seller panel's reviews (spec: good, medium, bad, with pictures) and what each asks
// evaluation!list for: evaluationType 1 good, 2 medium, 3 bad, 4 with pictures, absent for all.

export const REVIEW_TABS = ['all', 'good', 'medium', 'bad', 'pictures'] as const;
export type ReviewTab = (typeof REVIEW_TABS)[number];

const EVALUATION_TYPES: Record<ReviewTab, '1' | '2' | '3' | '4' | undefined> = {
  all: undefined,
  good: '1',
  medium: '2',
  bad: '3',
  pictures: '4',
};

export function parseReviewTab(raw: string | null | undefined): ReviewTab {
  return (REVIEW_TABS as readonly string[]).includes(raw ?? '') ? (raw as ReviewTab) : 'all';
}

/** evaluation!list parameters of a tab (nothing extra for all reviews). */
export function reviewTabParams(tab: ReviewTab): { evaluationType?: '1' | '2' | '3' | '4' } {
  const evaluationType = EVALUATION_TYPES[tab];
  return evaluationType ? { evaluationType } : {};
}

/** evaluation!countType answer: counts as strings. */
export interface ReviewCounts {
  havePicture: string;
  positiveComments: string;
  mediumReview: string;
  negativeComment: string;
}

function count(value: string | number | undefined): number {
  const text = String(value ?? '').trim();
  return /^\d{1,12}$/.test(text) ? Number(text) : 0;
}

/** The count shown on a tab; "all" is good + medium + bad (pictured reviews are among those). */
export function reviewTabCount(tab: ReviewTab, counts: Partial<ReviewCounts> | undefined): number {
  if (!counts) return 0;
  const good = count(counts.positiveComments);
  const medium = count(counts.mediumReview);
  const bad = count(counts.negativeComment);
  switch (tab) {
    case 'all':
      return good + medium + bad;
    case 'good':
      return good;
    case 'medium':
      return medium;
    case 'bad':
      return bad;
    case 'pictures':
      return count(counts.havePicture);
  }
}

/** The pictures of a review (imgUrl1..imgUrl9), empty slots skipped. */
export function reviewImages(review: Partial<Record<`imgUrl${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`, string>>): string[] {
  const images: string[] = [];
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9] as const) {
    const url = review[`imgUrl${n}`]?.trim();
    if (url) images.push(url);
  }
  return images;
}
