import { describe, expect, it } from 'vitest';
import { parseReviewTab, REVIEW_TABS, reviewImages, reviewTabCount, reviewTabParams } from '../src/review-tabs.ts';

describe('review tabs', () => {
  it('are all, good, medium, bad and with pictures', () => {
    expect(REVIEW_TABS).toEqual(['all', 'good', 'medium', 'bad', 'pictures']);
  });

  it('ask evaluation!list for evaluationType 1-4, nothing for all', () => {
    expect(reviewTabParams('all')).toEqual({});
    expect(reviewTabParams('good')).toEqual({ evaluationType: '1' });
    expect(reviewTabParams('medium')).toEqual({ evaluationType: '2' });
    expect(reviewTabParams('bad')).toEqual({ evaluationType: '3' });
    expect(reviewTabParams('pictures')).toEqual({ evaluationType: '4' });
  });

  it('parse leniently to all', () => {
    expect(parseReviewTab('bad')).toBe('bad');
    expect(parseReviewTab('BAD')).toBe('all');
    expect(parseReviewTab('')).toBe('all');
    expect(parseReviewTab(null)).toBe('all');
    expect(parseReviewTab('__proto__')).toBe('all');
  });
});

describe('reviewTabCount', () => {
  const counts = { havePicture: '2', positiveComments: '7', mediumReview: '1', negativeComment: '3' };

  it('reads the countType strings; all is good + medium + bad', () => {
    expect(reviewTabCount('all', counts)).toBe(11);
    expect(reviewTabCount('good', counts)).toBe(7);
    expect(reviewTabCount('medium', counts)).toBe(1);
    expect(reviewTabCount('bad', counts)).toBe(3);
    expect(reviewTabCount('pictures', counts)).toBe(2);
  });

  it('counts junk and missing values as 0', () => {
    expect(reviewTabCount('all', undefined)).toBe(0);
    expect(reviewTabCount('good', { positiveComments: '-4' })).toBe(0);
    expect(reviewTabCount('all', { positiveComments: '1.5', mediumReview: 'x', negativeComment: '2' })).toBe(2);
  });
});

describe('reviewImages', () => {
  it('lists the filled picture slots in order', () => {
    expect(reviewImages({ imgUrl1: '/a.webp', imgUrl2: '', imgUrl3: ' ', imgUrl9: '/z.webp' })).toEqual(['/a.webp', '/z.webp']);
    expect(reviewImages({})).toEqual([]);
  });
});
