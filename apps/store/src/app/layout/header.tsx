import { DownOutlined, GlobalOutlined, UserOutlined } from '@ant-design/icons';
import { languageTag, LANGUAGE_NAMES, LOCALES, type Locale } from '@caravan/ui/i18n';
import { STORAGE_KEYS } from '@caravan/ui/storage';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import brand from 'virtual:brand';
import { MenuButton } from '../../components/menu-button.tsx';
import { ChatLauncher } from '../../features/chat/components/chat-launcher.tsx';
import { api } from '../../lib/api.ts';
import { message } from '../../lib/toast.ts';
import { cart } from '../../lib/cart-store.ts';
import { session, store, useSession } from '../../lib/session.ts';
import { SearchBox } from './search-box.tsx';
import { useScrollPast } from './use-scroll-past.ts';

/** The navigation bar hides after 78 px of scrolling (spec section 2). */
export const NAV_HIDES_AFTER_PX = 78;

export function LanguageMenu() {
  const { i18n, t } = useTranslation('common');
  const current = i18n.language as Locale;
  const choose = (locale: Locale) => {
    if (locale === current) return;
    // the choice is stored, the lang query value dropped and the page reloaded (spec section 4)
    store.setItem(STORAGE_KEYS.language, locale);
    const url = new URL(window.location.href);
    url.searchParams.delete('lang');
    window.location.assign(url.pathname + url.search + url.hash);
  };
  return (
    <MenuButton
      className="header-menu"
      testId="language-menu"
      ariaLabel={`${t('header.language')}: ${LANGUAGE_NAMES[current]}`}
      label={
        <>
          <GlobalOutlined aria-hidden="true" /> <span className="header-menu-text" lang={languageTag(current)}>{LANGUAGE_NAMES[current]}</span> <DownOutlined aria-hidden="true" />
        </>
      }
      items={LOCALES.map((locale) => ({
        key: locale,
        label: LANGUAGE_NAMES[locale],
        lang: languageTag(locale),
        selected: locale === current,
        onSelect: () => choose(locale),
      }))}
    />
  );
}

export function UserArea() {
  const { t } = useTranslation('common');
  const { token, user } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Logging out ends the session only once the home page is on screen (spec section 4: back to
  // /index): ended earlier, a page for signed-in users that is still shown (the user centre) would
  // send the visitor it just signed out to the login page instead. The router renders navigations in
  // a transition, so this waits for the render where the location is /index, not for navigate().
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    if (!leaving || pathname !== '/index') return;
    setLeaving(false);
    cart.empty();
    session.clear();
    void message.success(t('header.loggedOut'));
  }, [leaving, pathname, t]);
  if (!token) {
    return (
      <span className="header-user">
        <Link to="/login">{t('header.login')}</Link>
        <span className="header-user-register" aria-hidden="true">/</span>
        <Link className="header-user-register" to="/register">
          {t('header.register')}
        </Link>
      </span>
    );
  }
  const logout = async () => {
    await api.call('user!logout', {}, { silent: true }).catch(() => undefined);
    setLeaving(true);
    if (pathname !== '/index') void navigate('/index');
  };
  return (
    <MenuButton
      className="header-menu"
      testId="user-menu"
      label={
        <>
          <UserOutlined aria-hidden="true" /> <span className="header-menu-text">{user?.username ?? ''}</span> <DownOutlined aria-hidden="true" />
        </>
      }
      items={[
        { key: 'center', label: t('header.userCenter'), onSelect: () => void navigate('/userInfo/dashboard') },
        { key: 'orders', label: t('header.myOrders'), onSelect: () => void navigate('/userInfo/my-order') },
        { key: 'wallet', label: t('header.wallet'), onSelect: () => void navigate('/userInfo/money-package') },
        { key: 'logout', label: t('header.logout'), onSelect: () => void logout() },
      ]}
    />
  );
}

export function Header() {
  const { t } = useTranslation('common');
  const navHidden = useScrollPast(NAV_HIDES_AFTER_PX);
  const links = [
    { to: '/index', label: t('nav.home') },
    { to: '/classification', label: t('nav.classification') },
    { to: '/commodity', label: t('nav.commodity') },
    { to: '/discounted', label: t('nav.discounted') },
  ];
  return (
    <header className="app-header">
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <div className="header-top">
        <div className="header-inner">
          <Link to="/index" className="header-logo" aria-label={t('header.home', { brand: brand.name })}>
            <img src={brand.logo} alt={brand.name} width={160} height={40} />
          </Link>
          <SearchBox />
          <div className="header-actions">
            <UserArea />
            {/* customer service and chat, each with the unread badge (spec §2) */}
            <ChatLauncher />
            <LanguageMenu />
          </div>
        </div>
      </div>
      <nav className={`header-nav${navHidden ? ' header-nav-hidden' : ''}`} aria-label={t('nav.label')}>
        <div className="header-inner">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={({ isActive }) => `nav-link${isActive ? ' nav-link-active' : ''}`}>
              {link.label}
            </NavLink>
          ))}
          {/* settle-in is the store's own page now (issue 15), not the promotion site */}
          <NavLink to="/merchantSettled" className={({ isActive }) => `nav-link${isActive ? ' nav-link-active' : ''}`}>
            {t('nav.merchantSettled')}
          </NavLink>
          {/* the start-up loan (spec §2: the bar ends with "credit", after "merchant settled") */}
          <NavLink to="/credit" className={({ isActive }) => `nav-link${isActive ? ' nav-link-active' : ''}`}>
            {t('nav.credit')}
          </NavLink>
        </div>
      </nav>
    </header>
  );
}
