// The frame of a panel app (operator console, seller panel): a skip link, the side navigation under the
// app's name, a header with the app's controls, and the page. Texts come from the app's `common:*` messages.
import { Badge, Layout, Menu, Typography, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import './panel-shell.css';

type MenuItem = NonNullable<MenuProps['items']>[number] & { key: string; children?: { key: string }[] };

/** A count beside a navigation entry: the badge for the eye, the words for screen readers. */
export function NavCount({ value, label, testId }: { value: number | undefined; label: string; testId?: string }) {
  if (!value) return null;
  return (
    <>
      <span aria-hidden="true">
        <Badge count={value} overflowCount={999} style={{ marginInlineStart: 8 }} {...(testId ? { 'data-testid': testId } : {})} />
      </span>
      <span className="panel-visually-hidden">{` (${label})`}</span>
    </>
  );
}

export function PanelShell({ items, home, mainId, openKeys, header }: { items: MenuItem[]; home: string; mainId: string; openKeys?: string[]; header: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // the longest page path the address is under (goods/add is not goods); the home page otherwise
  const selected =
    items
      .flatMap((item) => item.children ?? [item])
      .map((item) => item.key)
      .filter((key) => key !== home && (location.pathname === key || location.pathname.startsWith(`${key}/`)))
      .sort((a, b) => b.length - a.length)[0] ?? home;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="panel-skip-link" href={`#${mainId}`}>
        {t('common:skipToContent')}
      </a>
      <Layout.Sider width={220} theme="light" breakpoint="lg" collapsedWidth={0}>
        <Typography.Title level={1} style={{ fontSize: 18, padding: '16px 24px', margin: 0 }}>
          {t('common:appName')}
        </Typography.Title>
        <nav aria-label={t('common:nav.label')}>
          <Menu mode="inline" selectedKeys={[selected]} {...(openKeys ? { defaultOpenKeys: openKeys } : {})} items={items} onClick={({ key }) => void navigate(key)} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="panel-header">{header}</Layout.Header>
        <Layout.Content id={mainId} tabIndex={-1} style={{ margin: 24 }}>
          <main>
            <Outlet />
          </main>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
