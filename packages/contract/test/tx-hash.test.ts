import { describe, expect, it } from 'vitest';
import { isTxHash } from '../src/console.ts';

const hex64 = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

describe('payout transaction hashes per chain', () => {
  it('TRON and Bitcoin: exactly 64 hex digits, no prefix', () => {
    for (const chain of ['TRC20', 'trc20', 'OMNI', 'BTC']) {
      expect(isTxHash(chain, hex64), chain).toBe(true);
      expect(isTxHash(chain, ` ${hex64} `), chain).toBe(true);
      expect(isTxHash(chain, `0x${hex64}`), chain).toBe(false);
      expect(isTxHash(chain, hex64.slice(1)), chain).toBe(false);
      expect(isTxHash(chain, `${hex64.slice(1)}g`), chain).toBe(false);
    }
  });

  it('Ethereum: 64 hex digits after an optional 0x', () => {
    expect(isTxHash('ERC20', `0x${hex64}`)).toBe(true);
    expect(isTxHash('ERC20', hex64)).toBe(true);
    expect(isTxHash('ERC20', `0x${hex64}0`)).toBe(false);
  });

  it('other chains: 8 to 128 letters and digits', () => {
    expect(isTxHash('SOL', '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW')).toBe(true);
    expect(isTxHash('SOL', 'abc1234')).toBe(false);
    expect(isTxHash('SOL', 'x'.repeat(129))).toBe(false);
  });
});
