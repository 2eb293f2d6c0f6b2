import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { pagePath } from '../../lib/mount.ts';

/** A page that failed to load or render (e.g. a chunk lost after a deployment): plain markup, no antd. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('common');
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="route-error" role="alert">
      <h1>{notFound ? t('notFound.title') : t('errors.page')}</h1>
      <a className="route-error-home" href={pagePath('/index')}>
        {t('notFound.home')}
      </a>
    </div>
  );
}
