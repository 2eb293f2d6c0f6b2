// /userInfo/dashboard: who is signed in, the wallet balance, orders waiting on something, favourites
// and follows, and the invitation link to share.
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '@caravan/ui/amount.tsx';
import { PlatformTime } from '@caravan/ui/platform-time.tsx';
import { useSession } from '../../../lib/session.ts';
import { absoluteLink, isolate, toCount } from '../account-links.ts';
import { useOrderCounts } from '../../orders/api/get-order-counts.ts';
import { useBalance } from '@caravan/ui/wallet/api/get-balance';
import { useFavouriteCount } from '../api/favourite-goods.ts';
import { useFollowCount } from '../api/followed-shops.ts';
import { useUserInfo } from '../api/user-info.ts';
import { AccountPage } from '../components/account-page.tsx';
import { InvitationCard } from '../components/invitation-card.tsx';
import { UserAvatar } from '../components/user-avatar.tsx';
import { ORDER_COUNTER_LINKS } from '../order-counter-links.ts';
import '../account.css';

function WalletCard() {
  const { t } = useTranslation('account');
  const balance = useBalance();
  return (
    <section className="account-card" aria-labelledby="account-wallet-title">
      <h2 id="account-wallet-title" className="account-card-title">
        {t('dashboard.wallet')}
      </h2>
      <div className="account-balance">
        {balance.isPending ? <Skeleton.Input active size="small" /> : <Amount value={balance.data?.money ?? '0'} unit="USDT" />}
      </div>
      <div className="account-card-actions">
        <Link to="/userInfo/money-package/recharge">{t('dashboard.recharge')}</Link>
        <Link to="/userInfo/money-package/withdraw">{t('dashboard.withdraw')}</Link>
        <Link to="/userInfo/money-package">{t('dashboard.walletDetails')}</Link>
      </div>
    </section>
  );
}

function OrdersCard() {
  const { t } = useTranslation('account');
  const counters = useOrderCounts();
  return (
    <section className="account-card account-card-wide" aria-labelledby="account-orders-title">
      <div className="account-card-heading">
        <h2 id="account-orders-title" className="account-card-title">
          {t('dashboard.orders')}
        </h2>
        <Link to="/userInfo/my-order">{t('dashboard.allOrders')}</Link>
      </div>
      <ul className="account-counters">
        {ORDER_COUNTER_LINKS.map(({ field, to }) => {
          const count = toCount(counters.data?.[field]);
          return (
            <li key={field}>
              <Link to={to} className="account-counter">
                <span className="account-counter-value">{counters.isPending ? '–' : count}</span>
                <span className="account-counter-label">{t(`dashboard.counters.${field}`)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function FavouritesCard() {
  const { t } = useTranslation('account');
  const goods = useFavouriteCount();
  const shops = useFollowCount();
  return (
    <section className="account-card" aria-labelledby="account-favourites-title">
      <h2 id="account-favourites-title" className="account-card-title">
        {t('dashboard.favourites')}
      </h2>
      <ul className="account-counters account-counters-two">
        <li>
          <Link to="/userInfo/collect-goods" className="account-counter">
            <span className="account-counter-value">{goods.isPending ? '–' : toCount(goods.data)}</span>
            <span className="account-counter-label">{t('dashboard.favouriteGoods')}</span>
          </Link>
        </li>
        <li>
          <Link to="/userInfo/collect-shop" className="account-counter">
            <span className="account-counter-value">{shops.isPending ? '–' : toCount(shops.data)}</span>
            <span className="account-counter-label">{t('dashboard.followedShops')}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation('account');
  const { user } = useSession();
  const profile = useUserInfo();
  const name = profile.data?.username ?? user?.username ?? '';
  const uid = profile.data?.usercode ?? user?.usercode ?? '';
  const inviteUrl = absoluteLink(profile.data?.url, window.location.origin);
  return (
    <AccountPage title={t('dashboard.title')}>
      <section className="account-card account-profile" aria-label={t('dashboard.profile')}>
        <UserAvatar name={name} avatar={profile.data?.avatar ?? user?.avatar} size={72} />
        <div className="account-profile-text">
          <p className="account-greeting">{t('dashboard.greeting', { name: isolate(name) })}</p>
          <p className="account-muted">{t('common.uid', { uid })}</p>
          {profile.data?.lastlogintime && (
            <p className="account-muted">
              {t('dashboard.lastLogin')} <PlatformTime value={profile.data.lastlogintime} />
            </p>
          )}
        </div>
        <Link className="account-profile-link" to="/userInfo/setup/index">
          {t('dashboard.security')}
        </Link>
      </section>
      <div className="account-grid">
        <WalletCard />
        <FavouritesCard />
        <OrdersCard />
        {inviteUrl && <InvitationCard url={inviteUrl} qr={profile.data?.usercode_qr ?? ''} />}
      </div>
    </AccountPage>
  );
}
