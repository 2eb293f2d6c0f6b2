import { z } from 'zod';
import { AppError } from '../platform/errors.ts';
import { actionKey, defineAction, type AnyAction, type Area } from './action.ts';

// Every call of spec section 7, the loan calls (credit!*) and the seller-panel calls the API reference
// lists, each with the part of the product that delivers it. The action table must hold an entry for
// every one; calls whose module has not landed yet answer "not available yet" until it does.

export type Delivery = 'foundation' | 'catalogue' | 'wallet' | 'orders' | 'chat' | 'loans' | 'sellers';

export interface SpecCall {
  call: string;
  area: Area;
  deliveredBy: Delivery;
  extraPaths?: string[];
}

const api = (deliveredBy: Delivery, calls: string[]): SpecCall[] => calls.map((call) => ({ call, area: 'api', deliveredBy }));

export const SPEC_CALLS: SpecCall[] = [
  // catalogue and content
  ...api('foundation', [
    'index!home', 'banner!bannerList', 'index!download-url', 'syspara!getSyspara', 'subscribe!add',
    'activity/lottery!getCurrentActivity',
  ]),
  ...api('catalogue', [
    'category!list', 'category!recommend', 'category!tree', 'category!sellerTree', 'sellerGoods!list',
    'sellerGoods!search', 'sellerGoods!searchSellerGoods', 'sellerGoods!search-keyword', 'sellerGoods!search-goods',
    'sellerGoods!recommend_new', 'sellerGoods!recommend_like', 'sellerGoods!info', 'seller!list', 'seller!info',
    'evaluation!list', 'evaluation!countType',
  ]),
  // account
  ...api('foundation', [
    'user!newlogin', 'user!logoff', 'user!heartbeat', 'user!updateOldAndNewPsw', 'user!setSafewordReg',
    'user!updateOldAndNewSafeword', 'uploadimg!execute', 'localuser!get', 'localuser!registerNoVerifcode',
    'localuser!registerWithVerifcode', 'localuser!refreshAvatar', 'user!logout', 'jscode!execute',
  ]),
  ...api('wallet', ['user!bindWithdrawAddress']),
  // addresses and favourites
  ...api('catalogue', [
    'address!list', 'address!add', 'address!edit', 'address!del', 'address!listCountry', 'address!listState',
    'address!listCity', 'keepGoods!list', 'keepGoods!add', 'keepGoods!del', 'keepGoods!count', 'focusSeller!list',
    'focusSeller!add', 'focusSeller!del', 'focusSeller!count',
  ]),
  // orders
  ...api('orders', [
    'order!submit', 'order!pay', 'order!cancel', 'order!listMain', 'order!info', 'order!listGoods', 'order!receipt',
    'order!returns', 'orderLog!list', 'evaluation!add', 'evaluation!addList',
  ]),
  // wallet
  ...api('wallet', [
    'wallet!getUsdt', 'rechargeBlockchain!recharge_open', 'rechargeBlockchain!recharge', 'rechargeBlockchain!list',
    'rechargeBlockchain!get', 'rechargeBlockchain!fee', 'channelBlockchain!list', 'thirdPartyRecharge!getCoinList',
    'thirdPartyRecharge!recharge', 'thirdPartyRecharge!PHP_recharge', 'thirdPartyRecharge!PHP_recharge2',
    'thirdPartyRecharge!PHP_recharge3', 'thirdPartyRecharge!PHP_recharge4', 'thirdPartyRecharge!PHP_recharge5',
    'withdraw!list', 'withdraw!apply', 'withdraw!fee', 'withdraw!get', 'withdraw!withdraw_open',
  ]),
  // chat and messages
  ...api('chat', ['newOnlinechat!send', 'newOnlinechat!list']),
  {
    call: 'newOnlinechat!unread',
    area: 'api',
    deliveredBy: 'chat',
    extraPaths: ['/public/userOnlineChatController!unread.action', '/wap/public/userOnlineChatController!unread.action'],
  },
  // start-up loans (API reference section 9)
  ...api('loans', [
    'credit!check', 'credit!config', 'credit!apply', 'credit!bill', 'credit!histroy', 'credit!beforepay', 'credit!pay',
    'credit!beforereapply',
  ]),
  // seller panel (API reference section 10)
  ...(['orders!list', 'orders!details', 'orders!push', 'orders!noPushNum', 'orders!list-returns', 'orders!details-returns'].map(
    (call): SpecCall => ({ call, area: 'seller', deliveredBy: 'orders' }),
  )),
  ...([
    'goods!list', 'goods!addOrUpdate', 'goods!update', 'goods!delete', 'goods!search-goods', 'systemGoods!list',
    'systemGoods!search-keyword', 'evaluation!list',
  ].map((call): SpecCall => ({ call, area: 'seller', deliveredBy: 'sellers' }))),
  ...api('sellers', ['sysParaProduct!info']),
];

/** An entry for a call whose module has not landed: it answers `common.not_available_yet`. */
function notAvailableYet(spec: SpecCall): AnyAction {
  return defineAction({
    call: spec.call,
    area: spec.area,
    ...(spec.extraPaths ? { extraPaths: spec.extraPaths } : {}),
    tag: 'not-available-yet',
    auth: 'public',
    summary: `Not available yet (arrives with the ${spec.deliveredBy} module).`,
    input: z.object({}),
    output: z.null(),
    handler: () => {
      throw new AppError('common.not_available_yet');
    },
  });
}

/** The module entries plus a "not available yet" entry for every spec call without one. */
export function completeActionTable(actions: AnyAction[]): { table: AnyAction[]; pending: SpecCall[] } {
  const present = new Set(actions.map((action) => actionKey(action.area ?? 'api', action.call)));
  const pending = SPEC_CALLS.filter((spec) => !present.has(actionKey(spec.area, spec.call)));
  return { table: [...actions, ...pending.map(notAvailableYet)], pending };
}
