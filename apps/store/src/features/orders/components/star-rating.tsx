import { StarFilled } from '@ant-design/icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_RATING, MIN_RATING } from '../review-request.ts';

const STARS = Array.from({ length: MAX_RATING - MIN_RATING + 1 }, (_, index) => MIN_RATING + index);

/**
 * 1 to 5 stars as native radio buttons in a fieldset: named, reachable with the arrow keys and read
 * out as "3 stars", which the icon-only rating widgets are not.
 */
export function StarRating({ legend, value, onChange }: { legend: string; value: number; onChange: (rating: number) => void }) {
  const { t } = useTranslation('orders');
  const name = useId();
  return (
    <fieldset className="orders-fieldset orders-stars">
      <legend className="orders-legend">{legend}</legend>
      {STARS.map((star) => (
        <label key={star} className={star <= value ? 'orders-star orders-star-on' : 'orders-star'}>
          <input type="radio" name={name} value={star} checked={value === star} onChange={() => onChange(star)} className="orders-visually-hidden" />
          <StarFilled aria-hidden="true" />
          <span className="orders-visually-hidden">{t('review.ratingValue', { count: star })}</span>
        </label>
      ))}
    </fieldset>
  );
}
