import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import { MINUTE_MS } from '../../platform/clock.ts';

// Private pictures (identity documents) are fetched only with a signature over the blob key and an
// expiry: HMAC-SHA256 with a server secret. Whoever gets such a URL from the server (the picture's
// owner, an operator allowed to read KYC) can show it until it expires; nobody can make one up.

/** How long a signed picture URL works. */
export const SIGNED_URL_TTL_MS = 15 * MINUTE_MS;

export interface UrlSignature {
  /** unix seconds */
  expires: number;
  signature: string;
}

export class UploadSigner {
  private readonly secret: Buffer;

  /** `secret` unset: a random one for this process (one process only; replicas need a shared value). */
  constructor(
    secret: string | undefined,
    private readonly clock: Clock,
  ) {
    this.secret = secret ? Buffer.from(secret, 'utf8') : randomBytes(32);
  }

  private mac(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('base64url');
  }

  sign(key: string, ttlMs: number = SIGNED_URL_TTL_MS): UrlSignature {
    const expires = Math.floor((this.clock.now().getTime() + ttlMs) / 1000);
    return { expires, signature: this.mac(key, expires) };
  }

  /** Whether the signature is ours for this key and has not expired (by the injected clock). */
  verify(key: string, expires: string | undefined, signature: string | undefined): { ok: true; expires: number } | { ok: false } {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return { ok: false };
    const at = Number(expires);
    const expected = Buffer.from(this.mac(key, at));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false };
    if (at * 1000 <= this.clock.now().getTime()) return { ok: false };
    return { ok: true, expires: at };
  }
}
