// Information (spec section 2): who we are, in the brand's own words and figures, how to reach us, and
// the index of the information pages (policies, rules, careers, news) operators edit in the console.
import { brandText } from '@caravan/ui/brand';
import type { Locale } from '@caravan/ui/i18n';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import brand from 'virtual:brand';
import { useInformationList } from '../api/get-information.ts';
import { LoadError } from '../components/query-feedback.tsx';
import { informationPath } from '../../../lib/information-links.ts';
import { useFormatters } from '@caravan/ui/use-formatters';
import '../catalog.css';

function PageIndex() {
  const { t, i18n } = useTranslation('catalog');
  const list = useInformationList(i18n.language);
  if (list.isPending) return <p className="catalog-muted" role="status">{t('state.loading')}</p>;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <ul className="catalog-link-list">
      {list.data.map((page) => (
        <li key={page.slug}>
          <Link to={informationPath(page.slug)} lang={page.lang}>
            {page.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function InformationPage() {
  const { t, i18n } = useTranslation('catalog');
  const format = useFormatters();
  const warehouses = brand.warehouses;
  return (
    <div className="catalog-page catalog-information">
      <h1 className="catalog-page-title">{t('information.title')}</h1>

      <section className="catalog-panel" aria-labelledby="information-about">
        <h2 id="information-about">{t('information.aboutTitle', { brand: brand.name })}</h2>
        <p>{brandText(brand.footer.blurb, i18n.language as Locale)}</p>
        <ul className="catalog-facts">
          {warehouses.length > 0 && (
            <li>{t('information.warehouses', { count: warehouses.length, value: format.count(warehouses.length), list: warehouses.join(', ') })}</li>
          )}
          <li>{t('information.shipping', { count: brand.shippingPromiseHours, value: format.count(brand.shippingPromiseHours) })}</li>
          <li>{t('information.returns', { count: brand.returnDays, value: format.count(brand.returnDays) })}</li>
          <li>{t('information.payments', { list: brand.coins.join(', ') })}</li>
        </ul>
      </section>

      <section className="catalog-panel" aria-labelledby="information-contact">
        <h2 id="information-contact">{t('information.contactTitle')}</h2>
        <dl className="catalog-contact">
          <div>
            <dt>{t('information.email')}</dt>
            <dd>
              <a href={`mailto:${brand.contacts.email}`}>{brand.contacts.email}</a>
            </dd>
          </div>
          {brand.contacts.phone && (
            <div>
              <dt>{t('information.phone')}</dt>
              <dd>
                <a href={`tel:${brand.contacts.phone.replace(/\s+/g, '')}`} dir="ltr">
                  {brand.contacts.phone}
                </a>
              </dd>
            </div>
          )}
        </dl>
      </section>

      <section className="catalog-panel" aria-labelledby="information-pages">
        <h2 id="information-pages">{t('information.pagesTitle')}</h2>
        <p className="catalog-muted">{t('information.pagesLead', { brand: brand.name })}</p>
        <PageIndex />
      </section>
    </div>
  );
}
