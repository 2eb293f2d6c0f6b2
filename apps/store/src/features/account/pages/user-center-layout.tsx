// Placeholder: replaced by the account feature.
import { Outlet } from 'react-router';

export default function UserCenterLayout() {
  return <Outlet />;
}
