// Where the wallet screens send the user (spec section 2 routes and query values).
import { walletTabIndex, type WalletTab } from '@caravan/ui/wallet/records-page';

export const WALLET_PATH = '/userInfo/money-package';
export const RECHARGE_PATH = '/userInfo/money-package/recharge';
export const WITHDRAW_PATH = '/userInfo/money-package/withdraw';

/** Spec sections 2 and 9: 2.5 s after a refused recharge call the user goes to the wallet page. */
export const RECHARGE_FAILURE_REDIRECT_MS = 2500;

export function walletTabPath(tab: WalletTab): string {
  return `${WALLET_PATH}?index=${walletTabIndex(tab)}`;
}
