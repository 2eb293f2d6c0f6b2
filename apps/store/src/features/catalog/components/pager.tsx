import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pagerItems, type PageWindow } from '../paging.ts';
import { useFormatters } from '@caravan/ui/use-formatters';

export interface PagerProps {
  page: number;
  window: PageWindow;
  /** navigation pagers: each page is a link (the page number lives in the URL) */
  hrefFor?: (page: number) => string;
  /** in-page pagers (reviews): buttons */
  onChange?: (page: number) => void;
  label?: string;
}

/** Pages as real links (or buttons inside a page), previous/next, the current page marked. */
export function Pager({ page, window, hrefFor, onChange, label }: PagerProps) {
  const { t } = useTranslation('catalog');
  const format = useFormatters();
  if (!window.hasPrevious && !window.hasNext) return null;
  const items = window.lastPage !== undefined ? pagerItems(page, window.lastPage) : [];

  const control = (target: number, content: string, options: { ariaLabel?: string; current?: boolean; className?: string } = {}) => {
    const className = `catalog-pager-item${options.current ? ' catalog-pager-current' : ''}${options.className ? ` ${options.className}` : ''}`;
    if (options.current) {
      return (
        <span className={className} aria-current="page" aria-label={options.ariaLabel}>
          {content}
        </span>
      );
    }
    if (hrefFor) {
      return (
        <Link className={className} to={hrefFor(target)} aria-label={options.ariaLabel}>
          {content}
        </Link>
      );
    }
    return (
      <button type="button" className={className} onClick={() => onChange?.(target)} aria-label={options.ariaLabel}>
        {content}
      </button>
    );
  };

  return (
    <nav className="catalog-pager" aria-label={label ?? t('pager.label')}>
      <ul>
        {window.hasPrevious && <li>{control(page - 1, t('pager.previous'), { className: 'catalog-pager-step' })}</li>}
        {items.length > 0 ? (
          items.map((item, index) =>
            item === 'gap' ? (
              <li key={`gap-${index}`} className="catalog-pager-gap" aria-hidden="true">
                …
              </li>
            ) : (
              <li key={item}>{control(item, format.count(item), { ariaLabel: t('pager.page', { page: format.count(item) }), current: item === page })}</li>
            ),
          )
        ) : (
          <li>{control(page, format.count(page), { ariaLabel: t('pager.page', { page: format.count(page) }), current: true })}</li>
        )}
        {window.hasNext && <li>{control(page + 1, t('pager.next'), { className: 'catalog-pager-step' })}</li>}
      </ul>
    </nav>
  );
}
