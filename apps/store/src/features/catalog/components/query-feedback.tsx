import { useTranslation } from 'react-i18next';

/** A list or page that failed to load: the server's message (already translated) and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('catalog');
  const message = error instanceof Error && error.message ? error.message : t('state.loadFailed');
  return (
    <div className="catalog-feedback" role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="catalog-button" onClick={onRetry}>
          {t('state.retry')}
        </button>
      )}
    </div>
  );
}

export function EmptyState({ children }: { children: string }) {
  return (
    <div className="catalog-feedback catalog-feedback-empty">
      <p>{children}</p>
    </div>
  );
}

/** Grey blocks where cards will appear, so the page does not jump when they arrive. */
export function GridSkeleton({ count, kind = 'goods' }: { count: number; kind?: 'goods' | 'shop' }) {
  const { t } = useTranslation('catalog');
  return (
    <div className={`catalog-grid catalog-grid-${kind}`} aria-busy="true">
      <span className="catalog-visually-hidden" role="status">
        {t('state.loading')}
      </span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={`catalog-skeleton catalog-skeleton-${kind}`} aria-hidden="true" />
      ))}
    </div>
  );
}
