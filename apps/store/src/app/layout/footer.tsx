import { brandText } from '@caravan/ui/brand';
import type { Locale } from '@caravan/ui/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import brand from 'virtual:brand';
import { api } from '../../lib/api.ts';
import { FOOTER_POLICY_LINKS, informationPath } from '../../lib/information-links.ts';
import { message } from '../../lib/toast.ts';
import { useSession } from '../../lib/session.ts';

/**
 * The newsletter address rule of spec section 5: a local part starting with a letter or digit, at least
 * 3 characters, "@", a domain of 2+ word characters, a dot and a 2+ letter suffix, optionally a second.
 */
export const NEWSLETTER_EMAIL = /^[A-Za-z0-9][\w.+-]{2,}@\w{2,}(?:[.-]\w+)*\.[A-Za-z]{2,}(?:\.[A-Za-z]{2,})?$/;

function Newsletter() {
  const { t } = useTranslation('common');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const subscribe = async () => {
    const value = email.trim();
    if (!NEWSLETTER_EMAIL.test(value)) {
      void message.warning(t('footer.newsletterInvalid'));
      return;
    }
    setBusy(true);
    try {
      // an address already on the list answers with its own message (shown by the client's toast)
      await api.call('subscribe!add', { email: value });
      void message.success(t('footer.newsletterDone'));
      setEmail('');
    } catch {
      // the toast has said why
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="footer-newsletter"
      onSubmit={(event) => {
        event.preventDefault();
        void subscribe();
      }}
    >
      <label htmlFor="newsletter-email" className="footer-heading">
        {t('footer.newsletterTitle')}
      </label>
      <p>{t('footer.newsletterText')}</p>
      <div className="footer-newsletter-row">
        <input
          id="newsletter-email"
          className="footer-input"
          type="email"
          autoComplete="email"
          value={email}
          maxLength={64}
          onChange={(event) => setEmail(event.target.value)}
          placeholder={t('footer.newsletterPlaceholder')}
        />
        <button type="submit" className="footer-button" disabled={busy}>
          {t('footer.subscribe')}
        </button>
      </div>
    </form>
  );
}

export function Footer() {
  const { t, i18n } = useTranslation('common');
  const { token } = useSession();
  const lang = i18n.language;
  // user-centre links go to the login page when nobody is signed in (spec section 2)
  const member = (to: string) => (token ? to : `/login?redirect=${encodeURIComponent(to)}`);
  return (
    <footer className="app-footer">
      <div className="footer-inner">
        <Newsletter />
        <nav className="footer-column" aria-label={t('footer.policies')}>
          <h2 className="footer-heading">{t('footer.policies')}</h2>
          {FOOTER_POLICY_LINKS.map((link) => (
            <Link key={link.label} to={informationPath(link.slug)}>
              {t(`footer.${link.label}`)}
            </Link>
          ))}
        </nav>
        <nav className="footer-column" aria-label={t('footer.userCenter')}>
          <h2 className="footer-heading">{t('footer.userCenter')}</h2>
          {!token && <Link to="/register">{t('header.register')}</Link>}
          <Link to={member('/userInfo/my-order')}>{t('footer.orderTracking')}</Link>
          <Link to={member('/userInfo/collect-goods')}>{t('footer.collection')}</Link>
          <Link to={member('/userInfo/money-package')}>{t('header.wallet')}</Link>
        </nav>
        <div className="footer-column">
          <h2 className="footer-heading">{t('footer.customerService')}</h2>
          <a href={`mailto:${brand.contacts.email}`}>{brand.contacts.email}</a>
          <a href={`tel:${brand.contacts.phone.replace(/\s+/g, '')}`} dir="ltr">
            {brand.contacts.phone}
          </a>
          <span>{t('footer.returnsWithin', { days: brand.returnDays })}</span>
          <span>{t('footer.shipsWithin', { hours: brand.shippingPromiseHours })}</span>
        </div>
      </div>
      <div className="footer-inner footer-bottom">
        <div className="footer-payments" aria-label={t('footer.payments')}>
          {brand.coins.map((coin) => (
            <span key={coin} className="payment-logo">
              {coin}
            </span>
          ))}
          {brand.paymentLogos.map((name) => (
            <span key={name} className="payment-logo payment-logo-wallet">
              {t(`footer.wallets.${name}`)}
            </span>
          ))}
        </div>
        <p className="footer-blurb">{brandText(brand.footer.blurb, lang as Locale)}</p>
        <p className="footer-copyright">{brand.footer.copyright}</p>
      </div>
    </footer>
  );
}
