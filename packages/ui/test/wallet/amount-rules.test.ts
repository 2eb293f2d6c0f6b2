import { money } from '@caravan/contract/money';
import { describe, expect, it } from 'vitest';
import {
  amountParam,
  checkBankCardAmount,
  checkCentAmount,
  checkCoinRecharge,
  checkWithdrawAmount,
  expectedArrival,
  isStablecoin,
  largerLimit,
  parseAmount,
  ratePercent,
  withdrawArrival,
  withdrawFee,
} from '../../src/wallet/amount-rules.ts';

const value = (text: string) => {
  const check = parseAmount(text, 10);
  if (!check.ok) throw new Error(`not an amount: ${text}`);
  return check.value;
};

describe('parseAmount', () => {
  it('accepts plain decimals and trims spaces', () => {
    const check = parseAmount(' 100.50 ', 2);
    expect(check.ok && money.format(check.value)).toBe('100.50');
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    [undefined, 'required'],
    [null, 'required'],
    ['abc', 'malformed'],
    ['1e3', 'malformed'],
    ['1E-2', 'malformed'],
    ['NaN', 'malformed'],
    ['Infinity', 'malformed'],
    ['0x10', 'malformed'],
    ['+5', 'malformed'],
    ['1,000', 'malformed'],
    ['.5', 'malformed'],
    ['5.', 'malformed'],
    ['01', 'malformed'],
    ['1 000', 'malformed'],
    ['0', 'notPositive'],
    ['0.00', 'notPositive'],
    ['-0', 'notPositive'],
    ['-5', 'notPositive'],
    ['-0.01', 'notPositive'],
  ])('refuses %j (%s)', (text, error) => {
    expect(parseAmount(text, 2)).toMatchObject({ ok: false, error });
  });

  it('refuses more decimals than allowed and says how many are', () => {
    expect(parseAmount('1.001', 2)).toEqual({ ok: false, error: 'tooManyDecimals', params: { decimals: 2 } });
    expect(parseAmount('0.000000001', 8)).toMatchObject({ ok: false, error: 'tooManyDecimals' });
    expect(parseAmount('0.00000001', 8).ok).toBe(true);
  });

  it('refuses numbers beyond numeric(38,10)', () => {
    expect(parseAmount('1'.repeat(29), 2)).toMatchObject({ ok: false, error: 'malformed' });
  });
});

describe('checkCentAmount (third-party ranges)', () => {
  const range = { min: '100', max: '50000' };
  it('accepts the bounds themselves', () => {
    expect(checkCentAmount('100', range).ok).toBe(true);
    expect(checkCentAmount('50000.00', range).ok).toBe(true);
  });
  it('refuses one cent outside either bound', () => {
    expect(checkCentAmount('99.99', range)).toEqual({ ok: false, error: 'belowMin', params: { min: '100' } });
    expect(checkCentAmount('50000.01', range)).toEqual({ ok: false, error: 'aboveMax', params: { max: '50000' } });
  });
  it('checks the balance last', () => {
    expect(checkCentAmount('20', { balance: '19.99' })).toEqual({ ok: false, error: 'aboveBalance', params: { balance: '19.99' } });
    expect(checkCentAmount('19.99', { balance: '19.99' }).ok).toBe(true);
  });
  it('ignores limits that are not decimals rather than blocking everything', () => {
    expect(checkCentAmount('5', { min: 'abc', max: '' }).ok).toBe(true);
  });
});

describe('checkCoinRecharge (blockchain deposits)', () => {
  const usdt = { coin: 'USDT', price: '1', min: '1', max: '100000' };
  const btc = { coin: 'BTC', price: '96000', min: '1', max: '100000' };

  it('asks for the currency first', () => {
    expect(checkCoinRecharge('10', { ...usdt, coin: undefined })).toMatchObject({ ok: false, error: 'currencyRequired' });
    expect(checkCoinRecharge('', { ...usdt, coin: undefined })).toMatchObject({ ok: false, error: 'required' });
  });

  it('takes stablecoins in cents, at least 1', () => {
    expect(checkCoinRecharge('1', usdt).ok).toBe(true);
    expect(checkCoinRecharge('250.50', usdt).ok).toBe(true);
    expect(checkCoinRecharge('0.99', usdt)).toMatchObject({ ok: false, error: 'belowMin', params: { min: '1' } });
    expect(checkCoinRecharge('1.005', usdt)).toMatchObject({ ok: false, error: 'tooManyDecimals' });
    expect(checkCoinRecharge('100000.01', usdt)).toMatchObject({ ok: false, error: 'aboveMax' });
    expect(checkCoinRecharge('0', usdt)).toMatchObject({ ok: false, error: 'notPositive' });
    expect(checkCoinRecharge('-3', usdt)).toMatchObject({ ok: false, error: 'notPositive' });
    expect(checkCoinRecharge('1e2', usdt)).toMatchObject({ ok: false, error: 'malformed' });
  });

  it('never goes below 1 even when the configured minimum is lower', () => {
    expect(checkCoinRecharge('0.5', { ...usdt, min: '0.1' })).toMatchObject({ ok: false, error: 'belowMin', params: { min: '1' } });
    expect(checkCoinRecharge('5', { ...usdt, min: '10' })).toMatchObject({ ok: false, error: 'belowMin', params: { min: '10' } });
  });

  it('takes up to 8 decimals of BTC and compares its USDT value with the limits', () => {
    expect(checkCoinRecharge('0.0001', btc).ok).toBe(true); // 9.6 USDT
    expect(checkCoinRecharge('0.00001', btc)).toMatchObject({ ok: false, error: 'belowMin' }); // 0.96 USDT
    expect(checkCoinRecharge('0.000000001', btc)).toMatchObject({ ok: false, error: 'tooManyDecimals' });
    expect(checkCoinRecharge('1.05', btc)).toMatchObject({ ok: false, error: 'aboveMax' }); // 100,800 USDT
    expect(checkCoinRecharge('1', { ...btc, price: undefined })).toMatchObject({ ok: false, error: 'priceUnavailable' });
    expect(checkCoinRecharge('1', { ...btc, price: '0' })).toMatchObject({ ok: false, error: 'priceUnavailable' });
  });
});

describe('expectedArrival', () => {
  it('is amount x price rounded down to the cent, as the server credits', () => {
    expect(money.format(expectedArrival(value('0.0123'), '96000') ?? money.zero)).toBe('1180.80');
    expect(money.format(expectedArrival(value('0.00012345'), '3400') ?? money.zero)).toBe('0.41'); // 0.41973
    expect(money.format(expectedArrival(value('250.50'), '1') ?? money.zero)).toBe('250.50');
  });
  it('has no answer without a usable price', () => {
    expect(expectedArrival(value('1'), 'abc')).toBeUndefined();
    expect(expectedArrival(value('1'), '0')).toBeUndefined();
    expect(expectedArrival(value('1'), '-5')).toBeUndefined();
  });
});

describe('checkBankCardAmount', () => {
  it('uses the recharge limits with a floor of 1', () => {
    expect(checkBankCardAmount('1', { min: '0.5', max: '100000' }).ok).toBe(true);
    expect(checkBankCardAmount('0.99', { min: '0.5', max: '100000' })).toMatchObject({ ok: false, error: 'belowMin', params: { min: '1' } });
    expect(checkBankCardAmount('100000.01', { min: '1', max: '100000' })).toMatchObject({ ok: false, error: 'aboveMax' });
    expect(checkBankCardAmount('10.123', { min: '1', max: '100000' })).toMatchObject({ ok: false, error: 'tooManyDecimals' });
  });
});

describe('withdrawal fee and arrival', () => {
  it('computes amount x (1 - rate) exactly', () => {
    expect(money.format(withdrawArrival(value('100'), '0.01'))).toBe('99.00');
    expect(money.format(withdrawFee(value('100'), '0.01'))).toBe('1.00');
    expect(money.format(withdrawArrival(value('0.1'), '0.2'))).toBe('0.08'); // not 0.08000000000000002
    expect(money.format(withdrawArrival(value('12345678.91'), '0.015'))).toBe('12160493.73');
  });
  it('rounds the fee half up to the cent like the server', () => {
    expect(money.format(withdrawFee(value('10.55'), '0.01'))).toBe('0.11'); // 0.1055
    expect(money.format(withdrawArrival(value('10.55'), '0.01'))).toBe('10.44');
    expect(money.format(withdrawFee(value('10.45'), '0.01'))).toBe('0.10'); // 0.1045
  });
  it('treats a missing or broken rate as no fee', () => {
    expect(money.format(withdrawArrival(value('50'), 'abc'))).toBe('50.00');
    expect(money.format(withdrawArrival(value('50'), '0'))).toBe('50.00');
  });
  it('shows the rate as a percentage without float noise', () => {
    expect(ratePercent('0.01')).toBe('1');
    expect(ratePercent('0.015')).toBe('1.5');
    expect(ratePercent('0.07')).toBe('7');
    expect(ratePercent('0')).toBe('0');
    expect(ratePercent('1')).toBe('100');
    expect(ratePercent('-0.01')).toBeUndefined();
    expect(ratePercent('NaN')).toBeUndefined();
    expect(ratePercent(undefined)).toBeUndefined();
  });
});

describe('checkWithdrawAmount', () => {
  const rules = { min: '10', max: '50000', balance: '250.50', rate: '0.01' };
  it('accepts the minimum and the whole balance', () => {
    expect(checkWithdrawAmount('10', rules).ok).toBe(true);
    expect(checkWithdrawAmount('250.50', rules).ok).toBe(true);
  });
  it.each([
    ['', 'required'],
    ['9.99', 'belowMin'],
    ['250.51', 'aboveBalance'],
    ['50000.01', 'aboveMax'],
    ['10.001', 'tooManyDecimals'],
    ['0', 'notPositive'],
    ['-10', 'notPositive'],
    ['1e2', 'malformed'],
    ['NaN', 'malformed'],
  ])('refuses %j (%s)', (text, error) => {
    expect(checkWithdrawAmount(text, rules)).toMatchObject({ ok: false, error });
  });
  it('checks the maximum before the balance', () => {
    expect(checkWithdrawAmount('60000', { ...rules, balance: '100000' })).toMatchObject({ ok: false, error: 'aboveMax' });
  });
  it('refuses an amount the fee would swallow', () => {
    expect(checkWithdrawAmount('0.01', { balance: '1', rate: '1' })).toMatchObject({ ok: false, error: 'noArrival' });
    expect(checkWithdrawAmount('0.01', { balance: '1', rate: '0.5' })).toMatchObject({ ok: false, error: 'noArrival' }); // fee 0.01 (half up)
    expect(checkWithdrawAmount('0.03', { balance: '1', rate: '0.5' }).ok).toBe(true);
  });
});

describe('helpers', () => {
  it('knows the stablecoins', () => {
    expect(isStablecoin('usdt')).toBe(true);
    expect(isStablecoin(' USDC ')).toBe(true);
    expect(isStablecoin('BTC')).toBe(false);
  });
  it('picks the larger limit', () => {
    expect(largerLimit('1', '10')).toBe('10');
    expect(largerLimit('1', '0.5')).toBe('1');
    expect(largerLimit('1', undefined)).toBe('1');
    expect(largerLimit(undefined, 'abc')).toBeUndefined();
  });
  it('sends the exact decimal', () => {
    expect(amountParam(value('250.5'))).toBe('250.50');
    expect(amountParam(value('0.00012345'))).toBe('0.00012345');
  });
});
