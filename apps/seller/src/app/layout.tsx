import {
  AppstoreAddOutlined,
  CommentOutlined,
  DashboardOutlined,
  LogoutOutlined,
  RollbackOutlined,
  ShopOutlined,
  ShoppingOutlined,
  TagsOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { NavCount, PanelShell } from '@caravan/ui/panel-shell.tsx';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../components/language-select.tsx';
import { logOut } from '../features/auth/api.ts';
import { noPushQuery } from '../features/dashboard/api.ts';
import { useSession } from '../lib/session.ts';
import { PATHS, STORE_URL } from './paths.ts';

export function SellerLayout() {
  const { t } = useTranslation();
  const current = useSession();
  const noPush = useQuery({ ...noPushQuery, enabled: current !== null });
  const waiting = noPush.data?.noPushNum;

  const items = [
    { key: PATHS.dashboard, icon: <DashboardOutlined />, label: t('common:nav.dashboard') },
    {
      key: PATHS.orders,
      icon: <ShoppingOutlined />,
      label: (
        <span>
          {t('common:nav.orders')}
          <NavCount value={waiting} label={t('common:nav.toAccept', { number: waiting ?? 0 })} testId="no-push-badge" />
        </span>
      ),
    },
    { key: PATHS.returns, icon: <RollbackOutlined />, label: t('common:nav.returns') },
    { key: PATHS.goods, icon: <TagsOutlined />, label: t('common:nav.goods') },
    { key: PATHS.addGoods, icon: <AppstoreAddOutlined />, label: t('common:nav.addGoods') },
    { key: PATHS.reviews, icon: <CommentOutlined />, label: t('common:nav.reviews') },
    { key: PATHS.earnings, icon: <WalletOutlined />, label: t('common:nav.earnings') },
    { key: PATHS.shop, icon: <ShopOutlined />, label: t('common:nav.shop') },
  ];

  if (!current) return null;
  return (
    <PanelShell
      items={items}
      home={PATHS.dashboard}
      mainId="seller-main"
      header={
        <Space size="middle" wrap>
          <a href={STORE_URL}>{t('common:toStore')}</a>
          <LanguageSelect />
          <span data-testid="seller-user" dir="auto">
            {current.username}
          </span>
          <Button icon={<LogoutOutlined />} onClick={() => void logOut()}>
            {t('common:logout')}
          </Button>
        </Space>
      }
    />
  );
}
