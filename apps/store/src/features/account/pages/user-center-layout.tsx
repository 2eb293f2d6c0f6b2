// The /userInfo frame: signed-in users only, the side menu beside the current screen (its own or
// another feature's: orders, wallet).
import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { RequireLogin } from '../../../components/require-login.tsx';
import { AccountTheme } from '../components/account-theme.tsx';
import { UserCenterNav } from '../components/user-center-nav.tsx';
import '../account.css';

export default function UserCenterLayout() {
  return (
    <RequireLogin>
      <AccountTheme>
        <div className="account-center">
          <UserCenterNav />
          <div className="account-center-content">
            <Suspense
              fallback={
                <div className="account-loading">
                  <Spin />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          </div>
        </div>
      </AccountTheme>
    </RequireLogin>
  );
}
