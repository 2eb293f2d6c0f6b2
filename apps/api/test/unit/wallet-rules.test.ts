import { describe, expect, it } from 'vitest';
import { checkAddress } from '../../src/modules/wallet/crypto-address.ts';
import { legacyState, rechargeMachine, withdrawalMachine } from '../../src/modules/wallet/wallet-state.ts';
import { inWindow } from '../../src/modules/wallet/withdrawal.service.ts';
import { maskCardNumber } from '../../src/modules/wallet/recharge.service.ts';

// Every allowed and every forbidden transition of the deposit and withdrawal machines, spelled out.

const RECHARGE_ALLOWED: Record<string, string> = {
  'pending approve': 'approved',
  'pending reject': 'rejected',
  'pending fail': 'failed',
};
const WITHDRAWAL_ALLOWED: Record<string, string> = {
  'pending approve': 'approved',
  'pending reject': 'rejected',
};

describe('recharge state machine', () => {
  const cases = rechargeMachine.states.flatMap((state) => (Object.keys(rechargeMachine.transitions) as ('approve' | 'reject' | 'fail')[]).map((event) => [state, event] as const));
  it('covers 4 states x 3 events', () => expect(cases).toHaveLength(12));
  it.each(cases)('%s --%s-->', (state, event) => {
    expect(rechargeMachine.next(state, event)).toBe(RECHARGE_ALLOWED[`${state} ${event}`]);
  });
});

describe('withdrawal state machine', () => {
  const cases = withdrawalMachine.states.flatMap((state) => (Object.keys(withdrawalMachine.transitions) as ('approve' | 'reject')[]).map((event) => [state, event] as const));
  it('covers 3 states x 2 events', () => expect(cases).toHaveLength(6));
  it.each(cases)('%s --%s-->', (state, event) => {
    expect(withdrawalMachine.next(state, event)).toBe(WITHDRAWAL_ALLOWED[`${state} ${event}`]);
  });
  it('maps to the legacy numbers 0 in process, 1 succeeded, 2 failed', () => {
    expect(['pending', 'approved', 'rejected', 'failed'].map(legacyState)).toEqual([0, 1, 2, 2]);
  });
});

describe('withdrawal address checks', () => {
  it.each([
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['trc20', ' TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t '],
    ['ERC20', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e'],
    ['ERC20', '0x742d35cc6634c0532925a3b844bc454e4438f44e'],
    ['ERC20', '0x742D35CC6634C0532925A3B844BC454E4438F44E'],
    ['OMNI', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT'],
    ['OMNI', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
  ])('accepts %s %s', (protocol, address) => {
    expect(checkAddress(protocol.toUpperCase(), address)).toEqual({ ok: true, address: address.trim() });
  });

  it.each([
    ['TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'mismatch'], // checksum
    ['TRC20', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'mismatch'],
    ['TRC20', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', 'mismatch'],
    ['ERC20', '0x742d35Cc6634C0532925a3b844Bc454e4438F44e', 'mismatch'], // one letter's case breaks EIP-55
    ['ERC20', '0x742d35Cc6634C0532925a3b844Bc454e4438f44', 'mismatch'],
    ['ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'mismatch'],
    ['OMNI', '1BoatSLRHtKNngkdXEeobR76b53LETtpyU', 'mismatch'],
    ['OMNI', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'mismatch'],
    ['BEP20', '0x742d35Cc6634C0532925a3b844Bc454e4438f44e', 'unsupported'],
    ['', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'unsupported'],
  ])('refuses %s %s (%s)', (protocol, address, reason) => {
    expect(checkAddress(protocol, address)).toEqual({ ok: false, reason });
  });
});

describe('withdrawal time window', () => {
  const at = (clock: string) => {
    const [h = 0, m = 0, s = 0] = clock.split(':').map(Number);
    return h * 3600 + m * 60 + s;
  };
  it.each([
    ['09:00:00-18:00:00', '09:00:00', true],
    ['09:00:00-18:00:00', '18:00:00', true],
    ['09:00:00-18:00:00', '08:59:59', false],
    ['09:00:00-18:00:00', '18:00:01', false],
    ['22:00:00-02:00:00', '23:30:00', true],
    ['22:00:00-02:00:00', '01:59:59', true],
    ['22:00:00-02:00:00', '12:00:00', false],
    ['00:00:00-23:59:59', '23:59:59', true],
  ])('%s at %s -> %s', (window, clock, expected) => {
    expect(inWindow(window, at(clock))).toBe(expected);
  });
});

describe('card numbers', () => {
  it('keep only the last four digits', () => {
    expect(maskCardNumber('4111111111111111')).toBe('**** **** **** 1111');
  });
});

describe('payment configuration', () => {
  it('runs the simulator outside production and no provider in production by default', async () => {
    const { loadEnv } = await import('../../src/env.ts');
    expect(loadEnv({ NODE_ENV: 'development' }).PAYMENT_PROVIDER).toBe('simulator');
    expect(loadEnv({ NODE_ENV: 'production' }).PAYMENT_PROVIDER).toBe('none');
  });

  it('refuses a payment provider in production with the public development secret', async () => {
    const { loadEnv } = await import('../../src/env.ts');
    expect(() => loadEnv({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'simulator' })).toThrow(/PAYMENT_CALLBACK_SECRET/);
    expect(loadEnv({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'simulator', PAYMENT_CALLBACK_SECRET: 'a-long-production-secret-value' }).PAYMENT_PROVIDER).toBe('simulator');
  });
});
