import type { ServiceScores } from '@caravan/contract/sellers';
import { languageTag, type Locale } from '@caravan/ui/i18n';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';

/** A measured rate (0..1) as a percentage in the viewer's format; rates are ratios, not money. */
function formatRate(rate: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** The three service scores measured from the shop's real orders, each with how many it counted. */
export function ServiceScoresCards({ scores }: { scores: ServiceScores }) {
  const { t, i18n } = useTranslation();
  const locale = languageTag(i18n.language as Locale);
  const figures = [
    { key: 'ship', title: t('common:scores.shipWithin24h'), rate: scores.shipWithin24hRate, counted: scores.shipCounted },
    { key: 'dispute', title: t('common:scores.dispute'), rate: scores.disputeRate, counted: scores.disputeCounted },
    { key: 'goodReview', title: t('common:scores.goodReview'), rate: scores.goodReviewRate, counted: scores.reviewsCounted },
  ];
  return (
    <section aria-labelledby="seller-scores-title">
      <h2 id="seller-scores-title" style={{ fontSize: 18, marginBlock: '24px 12px' }}>
        {t('common:scores.title', { days: scores.windowDays })}
      </h2>
      <Row gutter={[16, 16]}>
        {figures.map((figure) => (
          <Col xs={24} md={8} key={figure.key}>
            <Card size="small">
              <Statistic
                title={figure.title}
                valueRender={() =>
                  figure.rate === null ? (
                    <span className="seller-score-empty">{t('common:scores.notEnough')}</span>
                  ) : (
                    <span dir="ltr">{formatRate(figure.rate, locale)}</span>
                  )
                }
              />
              <p className="seller-hint">{t('common:scores.counted', { number: figure.counted })}</p>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
