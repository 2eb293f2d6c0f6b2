// /credit: the start-up loan (spec §1 "Loan service", §2 routes), for signed-in users: the application
// (default) and "my loan" (bill, repayment, history) as two tabs under one heading.
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { RequireLogin } from '../../../components/require-login.tsx';
import { CREDIT_APPLICATION_PATH, CREDIT_MY_LOAN_PATH } from '../credit-rules.ts';
import '../credit.css';

/** The photo uploads speak the shared upload texts (orders namespace): both load at once, not one after the other. */
const NAMESPACES = ['credit', 'orders'];

export default function CreditLayout() {
  const { t } = useTranslation(NAMESPACES);
  const tabs = [
    { to: CREDIT_APPLICATION_PATH, label: t('tabs.application') },
    { to: CREDIT_MY_LOAN_PATH, label: t('tabs.myLoan') },
  ];
  return (
    <RequireLogin>
      <div className="credit-page">
        <h1 className="credit-title">{t('title')}</h1>
        <nav className="credit-tabs" aria-label={t('tabs.label')}>
          {tabs.map((tab) => (
            <NavLink key={tab.to} to={tab.to} className={({ isActive }) => `credit-tab${isActive ? ' credit-tab-active' : ''}`}>
              {tab.label}
            </NavLink>
          ))}
        </nav>
        <Outlet />
      </div>
    </RequireLogin>
  );
}
