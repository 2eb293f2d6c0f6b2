import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Locale } from '@caravan/contract/languages';
import type { Database, Executor } from '@caravan/db/client';
import { DAY_MS, MINUTE_MS, type Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { SettingsService } from '../content/settings.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { CodeSender } from './code-sender.ts';
import type { NormalizedIdentity } from './credentials.ts';

/** Wrong guesses allowed on one code before it is burnt. */
export const MAX_CODE_ATTEMPTS = 5;

function hashCode(target: string, code: string): string {
  return createHash('sha256').update(`${target}\u0000${code}`).digest('hex');
}

export class VerificationService {
  constructor(
    private readonly db: Database,
    private readonly repository: AccountsRepository,
    private readonly settings: SettingsService,
    private readonly sender: CodeSender,
    private readonly clock: Clock,
    /** a delivery that was not awaited and failed (see `issue`'s `detached`) */
    private readonly onDetachedFailure: (error: unknown) => void = () => {},
  ) {}

  /** Sends a fresh 6-digit code to an e-mail address or phone number. */
  async send(identity: NormalizedIdentity, purpose: string, locale: Locale): Promise<void> {
    await this.issue({ key: identity.key, channel: identity.kind === 'phone' ? 'sms' : 'email', address: identity.display }, purpose, locale);
  }

  /**
   * Stores a fresh code for `key` under the per-target daily limit and delivers it to `address`; with
   * no address the code is stored and counted but goes nowhere (a password reset for an account that
   * does not exist answers exactly like one that does). `detached`: the answer does not wait for the
   * delivery either, so its duration tells nothing about the account (a failure is reported aside).
   */
  async issue(target: { key: string; channel: 'email' | 'sms'; address: string | undefined }, purpose: string, locale: Locale, options: { detached?: boolean } = {}): Promise<void> {
    const now = this.clock.now();
    const sentToday = await this.repository.countCodesSince(this.db, target.key, purpose, new Date(now.getTime() - DAY_MS));
    if (sentToday >= this.settings.get('verification_codes_per_target_per_day')) throw new AppError('accounts.verifcode_too_many');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.repository.insertVerificationCode(this.db, {
      id: newId(),
      target: target.key,
      purpose,
      codeHash: hashCode(target.key, code),
      expiresAt: new Date(now.getTime() + this.settings.get('verification_code_ttl_minutes') * MINUTE_MS),
      createdAt: now,
    });
    if (!target.address) return;
    const delivery = this.sender.send({ channel: target.channel, target: target.address, code, purpose, locale });
    if (options.detached) delivery.catch(this.onDetachedFailure);
    else await delivery;
  }

  /**
   * Checks the newest code for the target and consumes it in the caller's transaction. A wrong guess
   * is counted by its own statement, so it survives the caller's rollback.
   */
  async consume(executor: Executor, target: string, purpose: string, code: string): Promise<void> {
    const row = await this.repository.latestCode(this.db, target, purpose);
    const now = this.clock.now();
    if (!row || row.expiresAt <= now || row.attempts >= MAX_CODE_ATTEMPTS) throw new AppError('accounts.verifcode_invalid');
    const expected = Buffer.from(row.codeHash, 'hex');
    const actual = Buffer.from(hashCode(target, code.trim()), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      await this.repository.countCodeAttempt(this.db, row.id);
      throw new AppError('accounts.verifcode_invalid');
    }
    // a code used concurrently by another request is no longer there to consume
    if (!(await this.repository.consumeCode(executor, row.id, now))) throw new AppError('accounts.verifcode_invalid');
  }
}
