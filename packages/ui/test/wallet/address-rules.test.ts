import { describe, expect, it } from 'vitest';
import { checkWithdrawAddress, isWithdrawProtocol } from '../../src/wallet/address-rules.ts';

// real-format addresses (the demo ones of the README and the server's settings)
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETHEREUM = '0x742d35Cc6634C0532925a3b844Bc454e4438f44e';
const BITCOIN_P2PKH = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';
const BITCOIN_P2SH = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';

describe('checkWithdrawAddress', () => {
  it('accepts an address of the right form for its protocol', () => {
    expect(checkWithdrawAddress('TRC20', TRON)).toBe('ok');
    expect(checkWithdrawAddress('ERC20', ETHEREUM)).toBe('ok');
    expect(checkWithdrawAddress('ERC20', ETHEREUM.toLowerCase())).toBe('ok');
    expect(checkWithdrawAddress('OMNI', BITCOIN_P2PKH)).toBe('ok');
    expect(checkWithdrawAddress('OMNI', BITCOIN_P2SH)).toBe('ok');
  });

  it('trims what was pasted and ignores the case of the protocol', () => {
    expect(checkWithdrawAddress('trc20', `  ${TRON}\n`)).toBe('ok');
  });

  it('refuses an address of another protocol', () => {
    expect(checkWithdrawAddress('TRC20', ETHEREUM)).toBe('mismatch');
    expect(checkWithdrawAddress('ERC20', TRON)).toBe('mismatch');
    expect(checkWithdrawAddress('OMNI', TRON)).toBe('mismatch');
    expect(checkWithdrawAddress('TRC20', BITCOIN_P2PKH)).toBe('mismatch');
  });

  it('refuses wrong lengths and characters outside the alphabet', () => {
    expect(checkWithdrawAddress('TRC20', TRON.slice(0, -1))).toBe('mismatch');
    expect(checkWithdrawAddress('TRC20', `${TRON}a`)).toBe('mismatch');
    expect(checkWithdrawAddress('TRC20', `T${'0'.repeat(33)}`)).toBe('mismatch'); // 0 is not base58
    expect(checkWithdrawAddress('TRC20', `T${'O'.repeat(33)}`)).toBe('mismatch'); // nor O
    expect(checkWithdrawAddress('ERC20', `${ETHEREUM}0`)).toBe('mismatch');
    expect(checkWithdrawAddress('ERC20', `0x${'g'.repeat(40)}`)).toBe('mismatch');
    expect(checkWithdrawAddress('ERC20', ETHEREUM.slice(2))).toBe('mismatch');
    expect(checkWithdrawAddress('OMNI', `2${BITCOIN_P2PKH.slice(1)}`)).toBe('mismatch');
    expect(checkWithdrawAddress('OMNI', '1abc')).toBe('mismatch');
    expect(checkWithdrawAddress('TRC20', `${TRON.slice(0, 10)} ${TRON.slice(10)}`)).toBe('mismatch');
  });

  it('says when nothing was typed', () => {
    expect(checkWithdrawAddress('TRC20', '')).toBe('empty');
    expect(checkWithdrawAddress('TRC20', '   ')).toBe('empty');
    expect(checkWithdrawAddress('TRC20', undefined)).toBe('empty');
  });

  it('refuses protocols the server does not support', () => {
    expect(checkWithdrawAddress('BEP20', ETHEREUM)).toBe('unsupported');
    expect(checkWithdrawAddress('', TRON)).toBe('unsupported');
    expect(isWithdrawProtocol('TRC20')).toBe(true);
    expect(isWithdrawProtocol('trc20')).toBe(false);
  });
});
