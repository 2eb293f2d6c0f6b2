// The router of a panel app (operator console, seller panel): the login page, and behind it the app's
// layout with its pages, each loaded on first visit; a visitor without a session goes to the login page,
// which sends them back where they were going.
import { Spin } from 'antd';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from 'react-router';

function RequireSession({ signedIn, loginPath, children }: { signedIn: boolean; loginPath: string; children: ReactNode }) {
  const location = useLocation();
  if (!signedIn) return <Navigate to={loginPath} replace state={{ from: location.pathname + location.search }} />;
  return children;
}

function Gate({ useSignedIn, loginPath, children }: { useSignedIn: () => boolean; loginPath: string; children: ReactNode }) {
  return (
    <RequireSession signedIn={useSignedIn()} loginPath={loginPath}>
      {children}
    </RequireSession>
  );
}

function page(Page: ComponentType): ReactNode {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: '64px auto' }} />}>
      <Page />
    </Suspense>
  );
}

export function createPanelRouter(options: {
  basename: string;
  loginPath: string;
  /** where unknown paths go */
  homePath: string;
  login: ReactNode;
  layout: ReactNode;
  useSignedIn: () => boolean;
  /** the dashboard (index) */
  home: ComponentType;
  /** page path (with its leading slash) -> page, usually lazy */
  pages: [string, ComponentType][];
}) {
  const children: RouteObject[] = [
    { index: true, element: page(options.home) },
    ...options.pages.map(([path, Page]): RouteObject => ({ path: path.slice(1), element: page(Page) })),
    { path: '*', element: <Navigate to={options.homePath} replace /> },
  ];
  return createBrowserRouter(
    [
      { path: options.loginPath, element: options.login },
      {
        path: '/',
        element: (
          <Gate useSignedIn={options.useSignedIn} loginPath={options.loginPath}>
            {options.layout}
          </Gate>
        ),
        children,
      },
    ],
    { basename: options.basename },
  );
}
