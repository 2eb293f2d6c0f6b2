// /information/<slug>: one information page (about us, privacy policy, seller rules ...) as the
// operator wrote it, in the store's language or in English when it has no version in that language
// (then said so, and the text is marked as English so it reads left to right in Arabic). The HTML was
// rendered and sanitised by the server; links inside it to the store's own pages stay in the app.
import { isRtl } from '@caravan/ui/i18n';
import { useHydrated } from '@caravan/ui/use-hydrated';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import NotFoundPage from '../../../app/layout/not-found-page.tsx';
import { useInformationPage } from '../api/get-information.ts';
import { LoadError } from '../components/query-feedback.tsx';
import { linkTarget } from '../links.ts';
import '../catalog.css';

function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(date);
  }
}

export default function InformationDetailPage() {
  const { t, i18n } = useTranslation('catalog');
  const { slug = '' } = useParams();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const page = useInformationPage(slug, i18n.language);

  // links to the store's own pages inside the text move within the app instead of reloading it
  const followInternalLink = (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as HTMLElement).closest('a');
    const target = linkTarget(anchor?.getAttribute('href'));
    if (!anchor || anchor.target || target?.kind !== 'internal') return;
    event.preventDefault();
    void navigate(target.to);
  };

  if (page.isError && (page.error as { errorKey?: string }).errorKey === 'content.page_unknown') return <NotFoundPage />;
  return (
    <div className="catalog-page catalog-information">
      <nav className="catalog-breadcrumbs" aria-label={t('information.title')}>
        <Link to="/information">{t('information.title')}</Link>
      </nav>
      {page.isPending && (
        <p className="catalog-muted" role="status">
          {t('state.loading')}
        </p>
      )}
      {page.isError && <LoadError error={page.error} onRetry={() => void page.refetch()} />}
      {page.data && (
        <article className="catalog-panel catalog-article" lang={page.data.lang} dir={isRtl(page.data.lang) ? 'rtl' : 'ltr'}>
          <h1 className="catalog-page-title">{page.data.title}</h1>
          {page.data.fallback && (
            <p className="catalog-notice" lang={i18n.language} dir={isRtl(i18n.language) ? 'rtl' : 'ltr'}>
              {t('information.fallback')}
            </p>
          )}
          {/* sanitised by the server (allow-listed tags, http(s)/mailto/tel/store links only) */}
          <div className="catalog-article-body" onClick={followInternalLink} dangerouslySetInnerHTML={{ __html: page.data.html }} />
          <p className="catalog-muted" lang={i18n.language} dir={isRtl(i18n.language) ? 'rtl' : 'ltr'}>
            {/* in the viewer's zone, once the page has hydrated */}
            {hydrated && t('information.updated', { date: formatDate(page.data.updatedAt, i18n.language) })}
          </p>
        </article>
      )}
    </div>
  );
}
