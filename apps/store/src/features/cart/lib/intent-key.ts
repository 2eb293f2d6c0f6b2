// Idempotency keys for the money-moving calls (order!submit, order!pay): one key per user intent.
// A retry of the same thing after an unknown outcome (network failure, time-out) reuses the key, so
// the server runs it at most once. An answer from the server settles the outcome: after a refusal the
// next try is a new intent (the server stores refusals under their key too, e.g. "balance
// insufficient", which would otherwise be replayed after a recharge). Asking for something else
// (another address, other goods) is also a new intent.
import { ApiError } from '@caravan/ui/api-client';

export interface Intent {
  key: string;
  fingerprint: string;
}

export function intentFor(current: Intent | undefined, fingerprint: string, newKey: () => string): Intent {
  if (current && current.fingerprint === fingerprint) return current;
  return { key: newKey(), fingerprint };
}

/** Whether the server may have acted although the call failed. */
export function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.code === 'network';
}

export function afterFailure(current: Intent | undefined, error: unknown): Intent | undefined {
  return outcomeUnknown(error) ? current : undefined;
}

/** A random UUID; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
export function newIntentKey(source: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string } = globalThis.crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
