// /userInfo/my-order?index=<tab>&page=<n>: the buyer's orders by status tab, 20 a page.
import { Badge, Empty, Pagination, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { RequireLogin } from '../../../components/require-login.tsx';
import { useOrderCounts } from '../api/get-order-counts.ts';
import { useOrders } from '../api/get-orders.ts';
import { LoadingBlock, LoadProblem } from '../components/load-problem.tsx';
import { OrderCard } from '../components/order-card.tsx';
import { badgeCount, ORDER_PAGE_SIZE, ORDER_TABS, pageFromQuery, tabIndexFromQuery } from '../order-rules.ts';
import '../orders.css';

function OrderList({ status, pageNum, onPage }: { status: number | undefined; pageNum: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('orders');
  const orders = useOrders({ status, pageNum });
  if (orders.isPending) return <LoadingBlock />;
  if (orders.isError) return <LoadProblem error={orders.error} title={t('list.loadFailed')} onRetry={() => void orders.refetch()} />;
  const { pageList, pageInfo } = orders.data;
  if (pageList.length === 0 && pageNum === 1) return <Empty className="orders-empty" description={t('list.empty')} />;
  return (
    <div className={orders.isPlaceholderData ? 'orders-list orders-list-stale' : 'orders-list'} aria-busy={orders.isFetching}>
      {pageList.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
      <nav aria-label={t('list.pagination')} className="orders-pagination">
        <Pagination current={pageNum} pageSize={ORDER_PAGE_SIZE} total={pageInfo.totalElements} onChange={onPage} showSizeChanger={false} hideOnSinglePage />
      </nav>
    </div>
  );
}

function MyOrders() {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const tabIndex = tabIndexFromQuery(params.get('index'));
  const pageNum = pageFromQuery(params.get('page'));
  const counts = useOrderCounts();

  const go = (index: number, page: number) => {
    const next = new URLSearchParams(params);
    next.set('index', String(index));
    if (page > 1) next.set('page', String(page));
    else next.delete('page');
    setParams(next);
  };

  return (
    <section className="orders-page">
      <h1 className="orders-title">{t('titles.list')}</h1>
      <Tabs
        className="orders-tabs"
        aria-label={t('tabs.label')}
        activeKey={String(tabIndex)}
        onChange={(key) => go(Number(key), 1)}
        destroyOnHidden
        items={ORDER_TABS.map((tab, index) => {
          const count = tab.count ? badgeCount(counts.data?.[tab.count]) : 0;
          return {
            key: String(index),
            label: (
              <span className="orders-tab-label">
                {t(`tabs.${tab.key}`)}
                {count > 0 ? (
                  <>
                    <span aria-hidden="true">
                      <Badge count={count} overflowCount={99} className="orders-tab-badge" />
                    </span>
                    <span className="orders-visually-hidden">{t('tabs.badge', { count })}</span>
                  </>
                ) : null}
              </span>
            ),
            children: index === tabIndex ? <OrderList status={tab.status} pageNum={pageNum} onPage={(page) => go(index, page)} /> : null,
          };
        })}
      />
    </section>
  );
}

export default function MyOrderPage() {
  return (
    <RequireLogin>
      <MyOrders />
    </RequireLogin>
  );
}
