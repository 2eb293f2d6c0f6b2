import { consoleDashboard } from '@caravan/contract/console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Row, Statistic } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { api, errorText } from '../../lib/api.ts';
import { Money } from '../../lib/format.tsx';
import { useCan } from '../../lib/session.ts';

/** The operator's today: from their local midnight to the next. */
function today(): { from: string; to: string } {
  const now = new Date();
  return { from: new Date(now.getFullYear(), now.getMonth(), now.getDate()).toISOString(), to: new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).toISOString() };
}

const dashboardQuery = (period: { from: string; to: string }) => queryOptions({ queryKey: ['dashboard', period], queryFn: () => api.get('/dashboard', consoleDashboard, period), refetchInterval: 60_000 });

/** One figure; a queue's size links to its queue (the whole card is the link). */
function Figure({ title, value, link }: { title: string; value: ReactNode; link?: string }) {
  const card = (
    <Card size="small" hoverable={link !== undefined}>
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
  const { t } = useTranslation(['audit', 'common']);
  const can = useCan();
  const period = useMemo(today, []);
  const query = useQuery(dashboardQuery(period));
  const data = query.data;

  return (
    <>
      <PageHeader title={t('audit:dashboard.title')} />
      {query.error ? <Alert type="error" showIcon title={errorText(query.error, t)} /> : null}
      {data ? (
        <>
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} md={8}>
              <Figure title={t('audit:dashboard.pendingRecharges')} value={data.pending.recharges} {...(can('recharges.read') ? { link: PATHS.recharges } : {})} />
            </Col>
            <Col xs={24} md={8}>
              <Figure title={t('audit:dashboard.pendingWithdrawals')} value={data.pending.withdrawals} {...(can('withdrawals.read') ? { link: PATHS.withdrawals } : {})} />
            </Col>
            <Col xs={24} md={8}>
              <Figure title={t('audit:dashboard.pendingRefunds')} value={data.pending.refunds} {...(can('orders.read') ? { link: PATHS.refunds } : {})} />
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} md={8}>
              <Figure title={t('audit:dashboard.ordersPlaced')} value={data.orders.placed} />
            </Col>
            <Col xs={24} md={8}>
              <Figure title={t('audit:dashboard.ordersPaid')} value={data.orders.paid} />
            </Col>
            <Col xs={24} md={8}>
              <Figure title={t('audit:dashboard.gmv')} value={<Money value={data.orders.gmv} />} />
            </Col>
            <Col xs={24} md={12}>
              <Figure title={t('audit:dashboard.deposits', { count: data.deposits.count })} value={<Money value={data.deposits.amount} />} />
            </Col>
            <Col xs={24} md={12}>
              <Figure title={t('audit:dashboard.withdrawals', { count: data.withdrawals.count })} value={<Money value={data.withdrawals.amount} />} />
            </Col>
          </Row>
        </>
      ) : null}
    </>
  );
}
