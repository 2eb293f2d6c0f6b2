import { useTranslation } from 'react-i18next';
import { sharePercent } from '@caravan/ui/format';
import { useFormatters } from '@caravan/ui/use-formatters';

/** The good-review rate as a figure (<dd>), or "no reviews yet" while there are none to rate from. */
export function RateFigure({ share, reviews }: { share: number; reviews: number }) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  const rate = sharePercent(share);
  if (reviews <= 0 || rate === undefined) return <dd className="catalog-figure-none">{t('shop.noReviews')}</dd>;
  return <dd>{format.percent(rate)}</dd>;
}
