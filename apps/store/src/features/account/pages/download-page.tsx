// /userInfo/download: the buyer and seller apps (links from the brand), and the platform's own
// download link when the operator set one (index!download-url).
import { DownloadOutlined, MobileOutlined, ShopOutlined, ShoppingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import brand from 'virtual:brand';
import { safeLink } from '../account-links.ts';
import { useDownloadUrl } from '../api/download-url.ts';
import { AccountPage } from '../components/account-page.tsx';
import '../account.css';

function AppCard({ icon, title, text, href, action }: { icon: ReactNode; title: string; text: string; href: string; action: string }) {
  return (
    <li className="account-card account-app-card">
      <span className="account-app-icon" aria-hidden="true">
        {icon}
      </span>
      <h2 className="account-card-title">{title}</h2>
      <p className="account-muted">{text}</p>
      <Button type="primary" className="account-app-link" href={href} target="_blank" rel="noreferrer" icon={<DownloadOutlined aria-hidden="true" />}>
        {action}
      </Button>
    </li>
  );
}

export default function DownloadPage() {
  const { t } = useTranslation('account');
  const platform = useDownloadUrl();
  const buyerApp = safeLink(brand.links.buyerApp);
  const sellerApp = safeLink(brand.links.sellerApp);
  const platformApp = safeLink(platform.data);
  return (
    <AccountPage title={t('download.title')}>
      <p className="account-muted">{t('download.intro', { brand: brand.name })}</p>
      <ul className="account-app-grid">
        {buyerApp && (
          <AppCard icon={<ShoppingOutlined aria-hidden="true" />} title={t('download.buyer')} text={t('download.buyerText')} href={buyerApp} action={t('download.buyerAction')} />
        )}
        {sellerApp && (
          <AppCard icon={<ShopOutlined aria-hidden="true" />} title={t('download.seller')} text={t('download.sellerText')} href={sellerApp} action={t('download.sellerAction')} />
        )}
        {platformApp && platformApp !== buyerApp && (
          <AppCard icon={<MobileOutlined aria-hidden="true" />} title={t('download.platform')} text={t('download.platformText')} href={platformApp} action={t('download.platformAction')} />
        )}
      </ul>
    </AccountPage>
  );
}
