import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

/**
 * Colours with enough contrast on white (WCAG AA, 4.5:1) for the account screens: antd's defaults
 * for links (#1677ff), errors (#ff4d4f) and hints (45% black) fall short. Everything else comes from
 * the app's theme.
 */
const ACCESSIBLE_TOKENS = {
  colorLink: '#9a3412',
  colorLinkHover: '#c2410c',
  colorLinkActive: '#7c2d12',
  colorError: '#b91c1c',
  colorTextDescription: '#57534e',
};

export function AccountTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider theme={{ token: ACCESSIBLE_TOKENS }}>{children}</ConfigProvider>;
}
