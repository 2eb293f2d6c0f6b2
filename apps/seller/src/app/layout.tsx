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
import { Badge, Button, Layout, Menu, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSelect } from '../components/language-select.tsx';
import { logOut } from '../features/auth/api.ts';
import { noPushQuery } from '../features/dashboard/api.ts';
import { useSession } from '../lib/session.ts';
import { PATHS, STORE_URL } from './paths.ts';

/** A count beside a menu entry: the badge for the eye, the words for screen readers. */
function Count({ value, label }: { value: number | undefined; label: string }) {
  if (!value) return null;
  return (
    <>
      <span aria-hidden="true">
        <Badge count={value} overflowCount={999} style={{ marginInlineStart: 8 }} data-testid="no-push-badge" />
      </span>
      <span className="seller-visually-hidden">{` (${label})`}</span>
    </>
  );
}

export function SellerLayout() {
  const { t } = useTranslation();
  const current = useSession();
  const navigate = useNavigate();
  const location = useLocation();
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
          <Count value={waiting} label={t('common:nav.toAccept', { number: waiting ?? 0 })} />
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
  // the longest matching path (goods/add is not goods)
  const selected =
    items
      .map((item) => item.key)
      .filter((key) => key !== PATHS.dashboard && (location.pathname === key || location.pathname.startsWith(`${key}/`)))
      .sort((a, b) => b.length - a.length)[0] ?? PATHS.dashboard;

  if (!current) return null;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="seller-skip-link" href="#seller-main">
        {t('common:skipToContent')}
      </a>
      <Layout.Sider width={220} theme="light" breakpoint="lg" collapsedWidth={0}>
        <Typography.Title level={1} style={{ fontSize: 18, padding: '16px 24px', margin: 0 }}>
          {t('common:appName')}
        </Typography.Title>
        <nav aria-label={t('common:nav.label')}>
          <Menu mode="inline" selectedKeys={[selected]} items={items} onClick={({ key }) => void navigate(key)} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="seller-header">
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
        </Layout.Header>
        <Layout.Content id="seller-main" tabIndex={-1} style={{ margin: 24 }}>
          <main>
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
