// The platform's chart of accounts, designed once for every money flow of the product
// (ARCHITECTURE section 5). User wallets and per-order escrow accounts are created on first use.

export const PLATFORM_ACCOUNTS = {
  /** money received per deposit channel (debited when a recharge is credited to a wallet) */
  cashInUsdtTrc20: 'platform:cash_in:usdt_trc20',
  cashInUsdtErc20: 'platform:cash_in:usdt_erc20',
  cashInUsdtOmni: 'platform:cash_in:usdt_omni',
  cashInUsdcErc20: 'platform:cash_in:usdc_erc20',
  cashInBtc: 'platform:cash_in:btc',
  cashInEth: 'platform:cash_in:eth',
  cashInThirdParty: 'platform:cash_in:third_party',
  cashInBankCard: 'platform:cash_in:bank_card',
  /** money paid out to users' addresses */
  payout: 'platform:payout',
  /** withdrawal fees earned */
  feesIncome: 'platform:fees_income',
  /** buyers' payments held until an order completes or is refunded (per-order escrow rolls up here) */
  orderEscrow: 'platform:order_escrow',
  /** the wholesale price of goods sold, earned by the platform warehouse */
  goodsRevenue: 'platform:goods_revenue',
  /** commission on sellers' margins */
  commissionIncome: 'platform:commission_income',
  /** start-up loans: the fund lent from, what borrowers owe, and interest earned */
  loanFund: 'platform:loan_fund',
  loanReceivable: 'platform:loan_receivable',
  interestIncome: 'platform:interest_income',
} as const;

export type PlatformAccountCode = (typeof PLATFORM_ACCOUNTS)[keyof typeof PLATFORM_ACCOUNTS];

export function userWalletCode(userId: string): string {
  return `user:${userId}:wallet`;
}

/** The cash-in account of a deposit channel (coin and chain, or the method). */
export function cashInAccountFor(method: 'blockchain' | 'third_party' | 'bank_card', coin: string, chain: string): PlatformAccountCode {
  if (method === 'third_party') return PLATFORM_ACCOUNTS.cashInThirdParty;
  if (method === 'bank_card') return PLATFORM_ACCOUNTS.cashInBankCard;
  const key = `${coin}_${chain}`.toUpperCase();
  switch (key) {
    case 'USDT_TRC20':
      return PLATFORM_ACCOUNTS.cashInUsdtTrc20;
    case 'USDT_ERC20':
      return PLATFORM_ACCOUNTS.cashInUsdtErc20;
    case 'USDT_OMNI':
      return PLATFORM_ACCOUNTS.cashInUsdtOmni;
    case 'USDC_ERC20':
      return PLATFORM_ACCOUNTS.cashInUsdcErc20;
    default:
      return coin.toUpperCase() === 'BTC' ? PLATFORM_ACCOUNTS.cashInBtc : PLATFORM_ACCOUNTS.cashInEth;
  }
}
