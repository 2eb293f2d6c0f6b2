import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from './use-page-title.ts';

/** A user-centre screen: its one h1, an optional way back and actions, then the content. */
export function AccountPage({
  title,
  back,
  extra,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  extra?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  const headingId = useId();
  return (
    <section className="account-page" aria-labelledby={headingId}>
      {back && (
        <Link className="account-back-link" to={back.to}>
          <ArrowLeftOutlined className="account-flip-rtl" aria-hidden="true" /> {back.label}
        </Link>
      )}
      <div className="account-page-header">
        <h1 id={headingId} className="account-page-title">
          {title}
        </h1>
        {extra}
      </div>
      {children}
    </section>
  );
}
