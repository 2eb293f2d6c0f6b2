// Information (spec section 2): who we are, in the brand's own words and figures, how to reach us, and
// the information pages (policies, rules, careers, news) that live on the brand's promote site.
import { brandText } from '@caravan/ui/brand';
import type { Locale } from '@caravan/ui/i18n';
import { useTranslation } from 'react-i18next';
import brand from 'virtual:brand';
import { INFORMATION_PAGES, promotePageHref } from '../links.ts';
import { useFormatters } from '@caravan/ui/use-formatters';
import '../catalog.css';

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
        <ul className="catalog-link-list">
          {INFORMATION_PAGES.map((page) => (
            <li key={page.key}>
              <a href={promotePageHref(brand.links.promoteSite, i18n.language, page.route)}>{t(`information.pages.${page.key}`)}</a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
