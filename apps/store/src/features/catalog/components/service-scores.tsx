import type { ServiceScores } from '@caravan/contract/catalog';
import { useTranslation } from 'react-i18next';
import { sharePercent } from '@caravan/ui/format';
import { useFormatters } from '@caravan/ui/use-formatters';

const SCORES = [
  { rate: 'shipWithin24hRate', label: 'shop.scores.shipWithin24h' },
  { rate: 'disputeRate', label: 'shop.scores.disputeRate' },
  { rate: 'goodReviewRate', label: 'shop.scores.goodReviewRate' },
] as const;

/**
 * The shop's measured service (seller!info serviceScores, counted from its real orders and reviews over
 * the last `windowDays`): a rate is null until there is something to count, shown as "not enough orders yet".
 */
export function ServiceScoresPanel({ scores }: { scores: ServiceScores | undefined }) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  if (!scores) return null;
  return (
    <section className="catalog-service-scores" aria-labelledby="catalog-service-scores-title" data-testid="shop-service-scores">
      <h2 id="catalog-service-scores-title" className="catalog-service-scores-title">
        {t('shop.scores.title')}
      </h2>
      <dl className="catalog-figures catalog-figures-wide">
        {SCORES.map((score) => {
          const rate = sharePercent(scores[score.rate] ?? undefined);
          return (
            <div key={score.rate}>
              <dt>{t(score.label)}</dt>
              {rate === undefined ? <dd className="catalog-figure-none">{t('shop.scores.notEnough')}</dd> : <dd>{format.percent(rate)}</dd>}
            </div>
          );
        })}
      </dl>
      <p className="catalog-service-scores-note">{t('shop.scores.window', { days: scores.windowDays })}</p>
    </section>
  );
}
