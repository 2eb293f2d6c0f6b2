import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WALLET_PATH } from '../recharge-flow.ts';

/** The page's one h1, with a way back to the wallet on the sub-pages. */
export function PageHeading({ title, back = false, children }: { title: string; back?: boolean; children?: ReactNode }) {
  const { t, i18n } = useTranslation('wallet');
  const Arrow = i18n.dir() === 'rtl' ? ArrowRightOutlined : ArrowLeftOutlined;
  return (
    <div className="wallet-heading">
      {back ? (
        <Link to={WALLET_PATH} className="wallet-back-link">
          <Arrow aria-hidden="true" /> {t('nav.backToWallet')}
        </Link>
      ) : null}
      <div className="wallet-heading-row">
        <h1 className="wallet-title">{title}</h1>
        {children}
      </div>
    </div>
  );
}
