import { AppstoreOutlined, AuditOutlined, BankOutlined, DashboardOutlined, DollarOutlined, FileTextOutlined, IdcardOutlined, LogoutOutlined, MessageOutlined, RollbackOutlined, SettingOutlined, ShopOutlined, ShoppingOutlined, TeamOutlined, UserOutlined, WalletOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { NavCount, PanelShell } from '@caravan/ui/panel-shell.tsx';
import { Button, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../components/language-select.tsx';
import { logout, useMe } from '../features/auth/api.ts';
import { openConversationsCount } from '../features/chat/api.ts';
import { pendingLoansCount } from '../features/loans/api.ts';
import { pendingRefundsCount } from '../features/orders/api.ts';
import { pendingRechargesCount } from '../features/recharges/api.ts';
import { pendingSellerApplicationsCount } from '../features/sellers/api.ts';
import { pendingKycCount } from '../features/kyc/api.ts';
import { pendingWithdrawalsCount } from '../features/withdrawals/api.ts';
import { session, useCan, useSession } from '../lib/session.ts';
import { PATHS } from './paths.ts';

export function ConsoleLayout() {
  const { t } = useTranslation();
  const current = useSession();
  const can = useCan();
  useMe(current !== null);

  // the session ends at its expiry even when the operator makes no call
  useEffect(() => {
    if (!current) return;
    const left = Date.parse(current.expiresAt) - Date.now();
    const timer = setTimeout(() => session.end('expired'), Math.max(0, Math.min(left, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [current]);

  const recharges = useQuery({ ...pendingRechargesCount, enabled: can('recharges.read') });
  const withdrawals = useQuery({ ...pendingWithdrawalsCount, enabled: can('withdrawals.read') });
  const refunds = useQuery({ ...pendingRefundsCount, enabled: can('orders.read') });
  const loans = useQuery({ ...pendingLoansCount, enabled: can('loans.read') });
  const sellerApplications = useQuery({ ...pendingSellerApplicationsCount, enabled: can('sellers.read') });
  const kycReviews = useQuery({ ...pendingKycCount, enabled: can('kyc.read') });
  const chats = useQuery({ ...openConversationsCount, enabled: can('chat.read') });

  const items = [
    { key: PATHS.dashboard, icon: <DashboardOutlined />, label: t('common:nav.dashboard') },
    can('recharges.read') && {
      key: PATHS.recharges,
      icon: <DollarOutlined />,
      label: (
        <span>
          {t('common:nav.recharges')}
          <NavCount value={recharges.data} label={t('common:nav.pendingCount', { count: recharges.data ?? 0 })} />
        </span>
      ),
    },
    can('withdrawals.read') && {
      key: PATHS.withdrawals,
      icon: <WalletOutlined />,
      label: (
        <span>
          {t('common:nav.withdrawals')}
          <NavCount value={withdrawals.data} label={t('common:nav.pendingCount', { count: withdrawals.data ?? 0 })} />
        </span>
      ),
    },
    can('orders.read') && {
      key: PATHS.refunds,
      icon: <RollbackOutlined />,
      label: (
        <span>
          {t('common:nav.refunds')}
          <NavCount value={refunds.data} label={t('common:nav.pendingCount', { count: refunds.data ?? 0 })} />
        </span>
      ),
    },
    can('loans.read') && {
      key: PATHS.loans,
      icon: <BankOutlined />,
      label: (
        <span>
          {t('common:nav.loans')}
          <NavCount value={loans.data} label={t('common:nav.pendingCount', { count: loans.data ?? 0 })} />
        </span>
      ),
    },
    can('sellers.read') && {
      key: PATHS.sellerApplications,
      icon: <ShopOutlined />,
      label: (
        <span>
          {t('common:nav.sellerApplications')}
          <NavCount value={sellerApplications.data} label={t('common:nav.pendingCount', { count: sellerApplications.data ?? 0 })} />
        </span>
      ),
    },
    can('kyc.read') && {
      key: PATHS.kyc,
      icon: <IdcardOutlined />,
      label: (
        <span>
          {t('common:nav.kyc')}
          <NavCount value={kycReviews.data} label={t('common:nav.pendingCount', { count: kycReviews.data ?? 0 })} />
        </span>
      ),
    },
    can('orders.read') && { key: PATHS.orders, icon: <ShoppingOutlined />, label: t('common:nav.orders') },
    can('statements.read') && { key: PATHS.users, icon: <UserOutlined />, label: t('common:nav.users') },
    can('chat.read') && {
      key: PATHS.chat,
      icon: <MessageOutlined />,
      label: (
        <span>
          {t('common:nav.chat')}
          <NavCount value={chats.data} label={t('common:nav.unreadCount', { count: chats.data ?? 0 })} />
        </span>
      ),
    },
    can('audit.read') && { key: PATHS.audit, icon: <AuditOutlined />, label: t('common:nav.audit') },
    can('settings.read') && { key: PATHS.settings, icon: <SettingOutlined />, label: t('common:nav.settings') },
    can('catalog.read') && {
      key: 'catalogue',
      icon: <AppstoreOutlined />,
      label: t('common:nav.catalogue'),
      children: [PATHS.categories, PATHS.goods, PATHS.shops, PATHS.banners, PATHS.luckyDraw].map((key) => ({ key, label: t(`common:nav.${key === PATHS.luckyDraw ? 'luckyDraw' : key.slice(1)}`) })),
    },
    can('information.read') && { key: PATHS.information, icon: <FileTextOutlined />, label: t('common:nav.information') },
    can('operators.manage') && { key: PATHS.operators, icon: <TeamOutlined />, label: t('common:nav.operators') },
  ].filter((item) => item !== false);

  if (!current) return null;
  return (
    <PanelShell
      items={items}
      home={PATHS.dashboard}
      mainId="console-main"
      openKeys={['catalogue']}
      header={
        <Space size="middle">
          <LanguageSelect />
          <span data-testid="operator">
            {current.operator.username}{' '}
            <Tag color={current.operator.role === 'admin' ? 'red' : current.operator.role === 'finance' ? 'gold' : 'blue'}>{t(`common:roles.${current.operator.role}`)}</Tag>
          </span>
          <Button icon={<LogoutOutlined />} onClick={() => void logout()}>
            {t('common:logout')}
          </Button>
        </Space>
      }
    />
  );
}
