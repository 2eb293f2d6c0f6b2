import { Amount } from '@caravan/ui/amount.tsx';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton, Statistic } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ServiceScoresCards } from '../../components/service-scores.tsx';
import { overviewQuery } from './api.ts';

/** The legacy status of paid orders waiting for the seller. */
const PAID_STATUS = 1;

/** One figure; the whole card is the link when it leads somewhere. */
function Figure({ title, value, link, testId }: { title: string; value: ReactNode; link?: string; testId?: string }) {
  const card = (
    <Card size="small" hoverable={link !== undefined} data-testid={testId}>
      <Statistic title={title} valueRender={() => value} />
    </Card>
  );
  return link ? (
    <Link to={link} style={{ display: 'block', textDecoration: 'none' }}>
      {card}
    </Link>
  ) : (
    card
  );
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const overview = useQuery(overviewQuery);
  const data = overview.data;
  return (
    <>
      <PageHeader title={data ? t('common:dashboard.titleOf', { shop: data.shop.name }) : t('common:dashboard.title')} />
      {overview.isError ? <LoadError error={overview.error} onRetry={() => overview.refetch()} /> : null}
      {overview.isPending ? <Skeleton active /> : null}
      {data ? (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={8}>
              <Figure title={t('common:dashboard.toAccept')} value={data.noPushNum} link={`${PATHS.orders}?status=${PAID_STATUS}`} testId="figure-to-accept" />
            </Col>
            <Col xs={24} md={8}>
              <Figure title={t('common:dashboard.reminded')} value={data.remindNum} />
            </Col>
            <Col xs={24} md={8}>
              <Figure title={t('common:dashboard.listings')} value={data.sellerGoodsNum} link={PATHS.goods} />
            </Col>
            <Col xs={24} md={8}>
              <Figure title={t('common:dashboard.todayOrders')} value={data.todayOrders} />
            </Col>
            <Col xs={24} md={8}>
              <Figure title={t('common:dashboard.todaySales')} value={<Amount value={data.todaySales} unit="USDT" />} />
            </Col>
          </Row>
          <h2 style={{ fontSize: 18, marginBlock: '24px 12px' }}>{t('common:dashboard.earnings')}</h2>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={8}>
              <Figure title={t('common:earnings.pendingOf', { orders: data.earnings.pendingOrders })} value={<Amount value={data.earnings.pending} unit="USDT" />} link={PATHS.earnings} />
            </Col>
            <Col xs={24} md={8}>
              <Figure title={t('common:earnings.available')} value={<Amount value={data.earnings.available} unit="USDT" />} link={PATHS.earnings} testId="figure-available" />
            </Col>
            <Col xs={24} md={8}>
              <Figure title={t('common:earnings.totalEarnedOf', { orders: data.earnings.settledOrders })} value={<Amount value={data.earnings.totalEarned} unit="USDT" />} link={PATHS.earnings} />
            </Col>
          </Row>
          <ServiceScoresCards scores={data.scores} />
        </>
      ) : null}
    </>
  );
}
