import { brandText } from '@caravan/ui/brand';
import type { Locale } from '@caravan/ui/i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import brand from 'virtual:brand';
import { AccountTheme } from './account-theme.tsx';
import { usePageTitle } from './use-page-title.ts';

/** The frame of the login and registration forms: the brand beside a card with the page's h1. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  usePageTitle(title);
  const { i18n } = useTranslation();
  return (
    <AccountTheme>
      <div className="account-auth">
        <aside className="account-auth-brand" aria-hidden="true">
          <span className="account-auth-brand-name">{brand.name}</span>
          <span className="account-auth-brand-tagline">{brandText(brand.tagline, i18n.language as Locale)}</span>
        </aside>
        <section className="account-auth-card">
          <h1 className="account-auth-title">{title}</h1>
          {intro && <p className="account-muted">{intro}</p>}
          {children}
        </section>
      </div>
    </AccountTheme>
  );
}
