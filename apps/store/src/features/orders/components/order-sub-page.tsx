import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RequireLogin } from '../../../components/require-login.tsx';
import { orderPaths } from '../order-paths.ts';
import { isOrderId } from '../order-rules.ts';
import { OrderNotFound } from './load-problem.tsx';

function SubPageContent({ title, children }: { title: string; children: (orderId: string) => ReactNode }) {
  const { t } = useTranslation('orders');
  const [params] = useSearchParams();
  const id = params.get('id');
  return (
    <section className="orders-page orders-page-narrow">
      <div className="orders-page-head">
        <h1 className="orders-title">{title}</h1>
        {isOrderId(id) ? (
          <Link to={orderPaths.detail(id)} className="orders-back-link">
            <ArrowLeftOutlined aria-hidden="true" className="orders-flip-rtl" /> {t('actions.backToDetail')}
          </Link>
        ) : null}
      </div>
      {isOrderId(id) ? children(id) : <OrderNotFound />}
    </section>
  );
}

/** A page about one order (`?id=`): signed-in only, with its title, a way back to the order's detail, and "not found" for a bad id. */
export function OrderSubPage({ title, children }: { title: string; children: (orderId: string) => ReactNode }) {
  return (
    <RequireLogin>
      <SubPageContent title={title}>{children}</SubPageContent>
    </RequireLogin>
  );
}
