import { ApiError } from '@caravan/ui/api-client';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderPaths } from '../order-paths.ts';

export function LoadingBlock() {
  const { t } = useTranslation('common');
  return (
    <div className="orders-loading">
      <Spin aria-label={t('loading')} />
    </div>
  );
}

/** An order that does not exist (or is someone else's: the server says the same). */
export function OrderNotFound() {
  const { t } = useTranslation('orders');
  return (
    <Result
      status="404"
      title={t('detail.notFound')}
      extra={
        <Link to={orderPaths.list()} className="orders-link-button">
          {t('actions.backToList')}
        </Link>
      }
    />
  );
}

/** A failed read shown in place (queries are silent: no toast on top of this). */
export function LoadProblem({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  const { t } = useTranslation('orders');
  const { t: tc } = useTranslation('common');
  if (error instanceof ApiError && error.errorKey === 'orders.not_found') return <OrderNotFound />;
  const detail = error instanceof ApiError ? error.message || (error.code === 'network' ? tc('errors.network') : undefined) : undefined;
  return (
    <Result
      status="warning"
      title={title}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
    />
  );
}
