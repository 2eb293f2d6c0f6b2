import type { ServiceScores } from '@caravan/contract/sellers';
import { sharePercent } from '@caravan/ui/format';
import { useFormatters } from '@caravan/ui/use-formatters';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';

/** The three service scores measured from the shop's real orders, each with how many it counted. */
export function ServiceScoresCards({ scores }: { scores: ServiceScores }) {
  const { t } = useTranslation();
  const format = useFormatters();
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
                valueRender={() => {
                  // the same whole percentage the store shows buyers on the shop page
                  const rate = sharePercent(figure.rate);
                  return rate === undefined ? <span className="seller-score-empty">{t('common:scores.notEnough')}</span> : <span dir="ltr">{format.percent(rate)}</span>;
                }}
              />
              <p className="seller-hint">{t('common:scores.counted', { number: figure.counted })}</p>
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}
