import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** A page that failed to load or render (e.g. a chunk lost after a deployment). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Result
      status={notFound ? '404' : 'error'}
      title={notFound ? t('notFound.title') : t('errors.page')}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/index')}>
          {t('notFound.home')}
        </Button>
      }
    />
  );
}
