import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { PasswordHasher } from './passwords.ts';

// The fund password (6 digits) is stored as a keyed hash: HMAC-SHA256 under a secret key held outside the
// database, over the user id and the digits (NIST SP 800-63B 5.1.1.2's keyed "pepper"). A 6-digit PIN has
// 10^6 values, so no slow hash stops an offline search of a leaked database; the key does, and online
// guesses are stopped by the lock-out. Hashes of the previous format (argon2id) still verify and are
// rewritten in the new one at their next successful use. ADR 0010.

const PREFIX = '$fpk1$';
const KEY_FILE = 'fund-password.key';

export interface FundPasswordCheck {
  ok: boolean;
  /** the same password in the current format, when the stored hash is of an older one */
  upgrade?: string;
}

export class FundPasswordHasher {
  private readonly key: Buffer;

  constructor(
    key: string | Buffer,
    /** verifies hashes of the older format (argon2id) */
    private readonly legacy: PasswordHasher,
  ) {
    this.key = typeof key === 'string' ? Buffer.from(key, 'utf8') : key;
    if (this.key.length < 32) throw new RangeError('the fund-password key has at least 32 bytes');
  }

  private mac(userId: string, digits: string): string {
    return createHmac('sha256', this.key).update(`caravan-fund-password\u0000${userId}\u0000${digits}`).digest('base64url');
  }

  hash(userId: string, digits: string): string {
    return `${PREFIX}${this.mac(userId, digits)}`;
  }

  async verify(userId: string, stored: string, digits: string): Promise<FundPasswordCheck> {
    if (stored.startsWith(PREFIX)) {
      const expected = Buffer.from(stored.slice(PREFIX.length));
      const actual = Buffer.from(this.mac(userId, digits));
      return { ok: expected.length === actual.length && timingSafeEqual(expected, actual) };
    }
    if (!(await this.legacy.verify(stored, digits))) return { ok: false };
    return { ok: true, upgrade: this.hash(userId, digits) };
  }
}

/**
 * The key: FUND_PASSWORD_KEY when set (deployments with several processes set one shared value), else a
 * random key created once in DATA_DIR/fund-password.key (owner-only), so a single machine keeps its
 * fund passwords across restarts. Losing the key makes every fund password unusable: back it up with
 * the database.
 */
export function fundPasswordKey(configured: string | undefined, dataDir: string): { key: Buffer; source: 'env' | 'file' } {
  if (configured) return { key: Buffer.from(configured, 'utf8'), source: 'env' };
  const file = path.join(dataDir, KEY_FILE);
  try {
    return { key: Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'), source: 'file' };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  // written aside, then linked into place: two processes starting at once agree on the first one linked
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  const handle = openSync(draft, 'wx', 0o600);
  try {
    writeSync(handle, `${randomBytes(32).toString('hex')}\n`);
  } finally {
    closeSync(handle);
  }
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return { key: Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'), source: 'file' };
}
