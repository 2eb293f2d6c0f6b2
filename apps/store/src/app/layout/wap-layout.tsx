// The mobile shell of the /wap site (spec section 2): the same routes and feature pages as the PC store,
// in a compact header (logo, account, chat, language, then search) over the page, with the bottom tab
// bar instead of the PC navigation bar, footer and floating cart button. Chosen at start from the path
// (lib/mount.ts); the pages adapt with their own media queries.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import brand from 'virtual:brand';
import { AccountCancelledFarewell } from '../../features/account/components/account-cancelled-farewell.tsx';
import { ChatLauncher } from '../../features/chat/components/chat-launcher.tsx';
import { ApiBridge, PageOutlet } from './app-layout.tsx';
import { BackToTop } from './back-to-top.tsx';
import { LanguageMenu, UserArea } from './header.tsx';
import { ScrollManager } from './scroll-manager.tsx';
import { SearchBox } from './search-box.tsx';
import { WapTabBar } from './wap-tab-bar.tsx';
import './wap.css';

function WapHeader() {
  const { t } = useTranslation('common');
  return (
    <header className="app-header wap-header">
      <a className="skip-link" href="#main">
        {t('header.skipToContent')}
      </a>
      <div className="wap-header-row">
        <Link to="/index" className="header-logo wap-logo" aria-label={t('header.home', { brand: brand.name })}>
          <img src={brand.logo} alt={brand.name} width={112} height={28} />
        </Link>
        <div className="header-actions">
          <UserArea />
          <ChatLauncher />
          <LanguageMenu />
        </div>
      </div>
      <div className="wap-header-row wap-header-search">
        <SearchBox />
      </div>
    </header>
  );
}

export function WapLayout() {
  return (
    <div className="app-shell wap-shell">
      <ApiBridge />
      <AccountCancelledFarewell />
      <ScrollManager />
      <WapHeader />
      <PageOutlet />
      <WapTabBar />
      <BackToTop />
    </div>
  );
}
