// Deposit channels: the blockchain channels grouped by coin then network (as the PC client does), and
// the third-party channels, each paid through its own legacy call.

export interface BlockchainChannel {
  coin: string;
  blockchain_name: string;
  /** null when deposits are closed */
  address: string | null;
  /** the QR code of the address (data URL) */
  img: string;
  /** USD price of the coin */
  fee: string;
  recharge_limit_min: string;
  recharge_limit_max: string;
}

/** Channels one can deposit to now (an address is set). */
export function openChannels(channels: readonly BlockchainChannel[] | null | undefined): BlockchainChannel[] {
  return (channels ?? []).filter((channel) => typeof channel.address === 'string' && channel.address.trim().length > 0);
}

/** The coins of the open channels, in the server's order, each once. */
export function coinsOf(channels: readonly BlockchainChannel[] | null | undefined): string[] {
  const coins: string[] = [];
  for (const channel of openChannels(channels)) if (!coins.includes(channel.coin)) coins.push(channel.coin);
  return coins;
}

/** The networks a coin can be sent on. */
export function networksOf(channels: readonly BlockchainChannel[] | null | undefined, coin: string | undefined): string[] {
  if (!coin) return [];
  return openChannels(channels)
    .filter((channel) => channel.coin === coin)
    .map((channel) => channel.blockchain_name);
}

export function findChannel(channels: readonly BlockchainChannel[] | null | undefined, coin: string | undefined, network: string | undefined): BlockchainChannel | undefined {
  if (!coin || !network) return undefined;
  return openChannels(channels).find((channel) => channel.coin === coin && channel.blockchain_name === network);
}

// ---- third-party channels ---------------------------------------------------------------------------

export interface ThirdPartyRange {
  bank_code: string;
  min_amount: string;
  max_amount: string;
}

export interface ThirdPartyChannel {
  productType: string;
  range: ThirdPartyRange[];
}

/**
 * The legacy call paying through each product type (API reference section 7; the server's default
 * third_party_channels). A product type not listed goes through thirdPartyRecharge!recharge.
 */
export const THIRD_PARTY_CALLS: Readonly<Record<string, string>> = {
  Bank: 'recharge',
  GCash: 'PHP_recharge',
  GCash2: 'PHP_recharge2',
  GCash3: 'PHP_recharge3',
  Maya: 'PHP_recharge4',
  GCashPay: 'PHP_recharge5',
};

export function thirdPartyCallOf(productType: string): string {
  return `thirdPartyRecharge!${Object.hasOwn(THIRD_PARTY_CALLS, productType) ? THIRD_PARTY_CALLS[productType] : 'recharge'}`;
}

export function rangeOf(channel: ThirdPartyChannel | undefined, bankCode: string | undefined): ThirdPartyRange | undefined {
  if (!channel || !bankCode) return undefined;
  return channel.range.find((range) => range.bank_code === bankCode);
}
