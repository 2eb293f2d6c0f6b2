import { describe, expect, it } from 'vitest';
import { coinsOf, findChannel, networksOf, openChannels, rangeOf, thirdPartyCallOf, type BlockchainChannel } from '../../src/features/wallet/channel-rules.ts';

const channel = (coin: string, network: string, address: string | null): BlockchainChannel => ({
  coin,
  blockchain_name: network,
  address,
  img: '',
  fee: '1',
  recharge_limit_min: '1',
  recharge_limit_max: '100000',
});

const channels = [
  channel('USDT', 'TRC20', 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'),
  channel('USDT', 'ERC20', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e'),
  channel('BTC', 'BTC', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT'),
  channel('ETH', 'ERC20', null),
  channel('USDC', 'ERC20', '  '),
];

describe('blockchain channels', () => {
  it('offers only channels with an address', () => {
    expect(openChannels(channels)).toHaveLength(3);
    expect(openChannels(undefined)).toEqual([]);
  });
  it('groups by coin in the server order, then by network', () => {
    expect(coinsOf(channels)).toEqual(['USDT', 'BTC']);
    expect(networksOf(channels, 'USDT')).toEqual(['TRC20', 'ERC20']);
    expect(networksOf(channels, 'ETH')).toEqual([]);
    expect(networksOf(channels, undefined)).toEqual([]);
  });
  it('finds the chosen channel', () => {
    expect(findChannel(channels, 'USDT', 'ERC20')?.address).toBe('0x742d35Cc6634C0532925a3b844Bc454e4438f44e');
    expect(findChannel(channels, 'ETH', 'ERC20')).toBeUndefined();
    expect(findChannel(channels, 'USDT', undefined)).toBeUndefined();
  });
});

describe('third-party channels', () => {
  it('pays each product type through its legacy call', () => {
    expect(thirdPartyCallOf('Bank')).toBe('thirdPartyRecharge!recharge');
    expect(thirdPartyCallOf('GCash')).toBe('thirdPartyRecharge!PHP_recharge');
    expect(thirdPartyCallOf('Maya')).toBe('thirdPartyRecharge!PHP_recharge4');
    expect(thirdPartyCallOf('GCashPay')).toBe('thirdPartyRecharge!PHP_recharge5');
  });
  it('falls back on thirdPartyRecharge!recharge, also for inherited property names', () => {
    expect(thirdPartyCallOf('Unknown')).toBe('thirdPartyRecharge!recharge');
    expect(thirdPartyCallOf('toString')).toBe('thirdPartyRecharge!recharge');
    expect(thirdPartyCallOf('__proto__')).toBe('thirdPartyRecharge!recharge');
  });
  it('finds the range of a currency', () => {
    const bank = { productType: 'Bank', range: [{ bank_code: 'PHP', min_amount: '100', max_amount: '500000' }, { bank_code: 'USD', min_amount: '10', max_amount: '10000' }] };
    expect(rangeOf(bank, 'USD')?.max_amount).toBe('10000');
    expect(rangeOf(bank, 'EUR')).toBeUndefined();
    expect(rangeOf(undefined, 'USD')).toBeUndefined();
  });
});
