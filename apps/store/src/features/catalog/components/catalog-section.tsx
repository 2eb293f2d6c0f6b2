import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A titled block of a page (h2), with an optional "view all" link to the full listing. */
export function CatalogSection({ title, moreHref, children, className }: { title: string; moreHref?: string; children: ReactNode; className?: string }) {
  const { t } = useTranslation('catalog');
  const headingId = useId();
  return (
    <section className={`catalog-section${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <div className="catalog-section-head">
        <h2 id={headingId}>{title}</h2>
        {moreHref && (
          <Link to={moreHref} className="catalog-more" aria-label={t('section.viewAllOf', { section: title })}>
            {t('section.viewAll')}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
