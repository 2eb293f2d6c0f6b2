// Withdrawal address vs protocol (API reference: user!bindWithdrawAddress). The client mirrors the
// simple part of the server's check - the prefix, the alphabet and the length - so a typo is caught
// before the one-and-only binding; the server still verifies the checksums (base58check, EIP-55).

export const WITHDRAW_PROTOCOLS = ['TRC20', 'ERC20', 'OMNI'] as const;
export type WithdrawProtocol = (typeof WITHDRAW_PROTOCOLS)[number];

/** The coin bound with the address (the server's default). */
export const WITHDRAW_COIN = 'USDT';

export type AddressCheck = 'ok' | 'empty' | 'mismatch' | 'unsupported';

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
const PATTERNS: Record<WithdrawProtocol, RegExp> = {
  /** TRON: "T" and 33 more base58 characters */
  TRC20: new RegExp(`^T${BASE58}{33}$`),
  /** Ethereum: "0x" and 40 hex digits */
  ERC20: /^0x[0-9a-fA-F]{40}$/,
  /** Bitcoin (Omni layer): P2PKH "1..." or P2SH "3...", 25-34 base58 characters */
  OMNI: new RegExp(`^[13]${BASE58}{24,33}$`),
};

export function isWithdrawProtocol(value: string): value is WithdrawProtocol {
  return (WITHDRAW_PROTOCOLS as readonly string[]).includes(value);
}

export function checkWithdrawAddress(protocol: string, address: string | null | undefined): AddressCheck {
  const text = (address ?? '').trim();
  if (text.length === 0) return 'empty';
  const name = protocol.trim().toUpperCase();
  if (!isWithdrawProtocol(name)) return 'unsupported';
  return PATTERNS[name].test(text) ? 'ok' : 'mismatch';
}
