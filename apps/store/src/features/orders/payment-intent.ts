// One idempotency key per intent to pay (ARCHITECTURE section 5): a retry of the same intent, after
// an answer that never arrived, reuses it so the money moves once; an answered failure (wrong fund
// password, balance too low) is stored by the server under that key, so the next try is a new intent.
import { ApiError } from '@caravan/ui/api-client';

export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

/** Whether the next attempt may reuse the key of the failed one: only when no answer came back. */
export function keepKeyAfterFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.code === 'network';
}
