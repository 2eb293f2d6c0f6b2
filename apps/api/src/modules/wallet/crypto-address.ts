import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';

// Withdrawal address checks per protocol (API reference: user!bindWithdrawAddress):
// TRC20 - TRON base58check, version byte 0x41 ("T..."); ERC20 - 0x + 40 hex, EIP-55 checksum when
// the letters are mixed case; OMNI - Bitcoin base58check P2PKH ("1...") or P2SH ("3...").

export type Protocol = 'TRC20' | 'ERC20' | 'OMNI';
export const PROTOCOLS: readonly Protocol[] = ['TRC20', 'ERC20', 'OMNI'];

export type AddressCheck = { ok: true; address: string } | { ok: false; reason: 'unsupported' | 'mismatch' };

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function base58Decode(text: string): Buffer | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  for (const char of text) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Buffer.from(bytes);
}

export function base58Encode(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let text = '';
  while (value > 0n) {
    text = BASE58[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

function sha256d(bytes: Buffer): Buffer {
  return createHash('sha256').update(createHash('sha256').update(bytes).digest()).digest();
}

/** The payload of a base58check string (version byte first) when its checksum holds. */
export function base58CheckDecode(text: string): Buffer | undefined {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length < 5) return undefined;
  const payload = bytes.subarray(0, bytes.length - 4);
  const checksum = bytes.subarray(bytes.length - 4);
  return sha256d(payload).subarray(0, 4).equals(checksum) ? payload : undefined;
}

export function base58CheckEncode(payload: Buffer): string {
  return base58Encode(Buffer.concat([payload, sha256d(payload).subarray(0, 4)]));
}

/** EIP-55 mixed-case checksum of a 40-hex-digit address. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = Buffer.from(keccak_256(new TextEncoder().encode(lower))).toString('hex');
  let result = '0x';
  for (let index = 0; index < lower.length; index += 1) {
    const char = lower[index] ?? '';
    result += Number.parseInt(hash[index] ?? '0', 16) >= 8 ? char.toUpperCase() : char;
  }
  return result;
}

function checkTrc20(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const payload = base58CheckDecode(address);
  return payload !== undefined && payload.length === 21 && payload[0] === 0x41;
}

function checkErc20(address: string): boolean {
  const match = /^0x([0-9a-fA-F]{40})$/.exec(address);
  if (!match?.[1]) return false;
  const body = match[1];
  // all lower or all upper: no checksum to verify; mixed case must be the EIP-55 form
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(body) === address;
}

function checkOmni(address: string): boolean {
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{24,33}$/.test(address)) return false;
  const payload = base58CheckDecode(address);
  return payload !== undefined && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
}

export function checkAddress(protocol: string, raw: string): AddressCheck {
  const address = raw.trim();
  switch (protocol.toUpperCase()) {
    case 'TRC20':
      return checkTrc20(address) ? { ok: true, address } : { ok: false, reason: 'mismatch' };
    case 'ERC20':
      return checkErc20(address) ? { ok: true, address } : { ok: false, reason: 'mismatch' };
    case 'OMNI':
      return checkOmni(address) ? { ok: true, address } : { ok: false, reason: 'mismatch' };
    default:
      return { ok: false, reason: 'unsupported' };
  }
}
