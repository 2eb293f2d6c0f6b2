import {
  DashboardOutlined,
  EnvironmentOutlined,
  HeartOutlined,
  MobileOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../../../lib/session.ts';
import { activeMenuKey, USER_CENTER_MENU, type MenuKey } from '../user-center-menu.ts';
import { UserAvatar } from './user-avatar.tsx';

const ICONS: Record<MenuKey, ReactNode> = {
  dashboard: <DashboardOutlined aria-hidden="true" />,
  orders: <ProfileOutlined aria-hidden="true" />,
  favouriteGoods: <HeartOutlined aria-hidden="true" />,
  followedShops: <ShopOutlined aria-hidden="true" />,
  wallet: <WalletOutlined aria-hidden="true" />,
  addresses: <EnvironmentOutlined aria-hidden="true" />,
  security: <SafetyCertificateOutlined aria-hidden="true" />,
  invite: <UsergroupAddOutlined aria-hidden="true" />,
  download: <MobileOutlined aria-hidden="true" />,
};

/** The user centre's side menu; the entry of the current screen is marked (aria-current). */
export function UserCenterNav() {
  const { t } = useTranslation('account');
  const { pathname } = useLocation();
  const { user } = useSession();
  const active = activeMenuKey(pathname);
  return (
    <nav className="account-nav" aria-label={t('menu.label')}>
      {user && (
        <div className="account-nav-user">
          <UserAvatar name={user.username} avatar={user.avatar} size={40} />
          <div className="account-nav-user-text">
            <bdi className="account-nav-username">{user.username}</bdi>
            <span className="account-muted">
              {t('common.uid', { uid: user.usercode })}
            </span>
          </div>
        </div>
      )}
      <ul className="account-nav-list">
        {USER_CENTER_MENU.map((entry) => {
          const current = entry.key === active;
          return (
            <li key={entry.key}>
              <Link to={entry.to} className={`account-nav-link${current ? ' account-nav-link-active' : ''}`} aria-current={current ? 'page' : undefined}>
                <span className="account-nav-icon" aria-hidden="true">
                  {ICONS[entry.key]}
                </span>
                {t(`menu.${entry.key}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
