import type { ReactNode } from 'react';
import brand from 'virtual:brand';
import { AccountTheme } from './account-theme.tsx';
import { usePageTitle } from './use-page-title.ts';

/** The frame of the login and registration forms: the brand beside a card with the page's h1. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <AccountTheme>
      <div className="account-auth">
        <aside className="account-auth-brand" aria-hidden="true">
          <span className="account-auth-brand-name">{brand.name}</span>
          <span className="account-auth-brand-tagline">{brand.tagline}</span>
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
