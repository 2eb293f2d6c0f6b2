import type { WITHDRAW_HOLD_REASONS, WITHDRAW_REVIEW_REASONS } from '@caravan/contract/wallet';
import { money, parseMoney, type Money } from '@caravan/contract/money';
import type { Executor } from '@caravan/db/client';
import { HOUR_MS } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { startOfDay, startOfWeek } from '../../platform/time-zone.ts';
import type { SettingsService } from '../content/settings.ts';
import type { WalletRepository, WithdrawAddressRow, WithdrawRow } from './wallet.repository.ts';

// Withdrawal safety beyond the legacy product (ADR 0011): a cool-down after an operator changed the
// bound address (withdrawals accepted but held), velocity limits per platform day and week, and an
// extra review of the first large withdrawal to an address. The rules live here once; the service
// applies them, the mappers only show their outcome.

export type HoldReason = (typeof WITHDRAW_HOLD_REASONS)[number];
export type ReviewReason = (typeof WITHDRAW_REVIEW_REASONS)[number];

/** When the cool-down after the address's last change ends, or undefined when none runs at `now`. */
export function coolDownEnd(address: Pick<WithdrawAddressRow, 'changedAt'>, hours: number, now: Date): Date | undefined {
  if (!address.changedAt || hours <= 0) return undefined;
  const end = new Date(address.changedAt.getTime() + hours * HOUR_MS);
  return now.getTime() < end.getTime() ? end : undefined;
}

/** Whether a withdrawal cannot be paid out at `now` because of its cool-down (its last second included). */
export function isHeld(row: Pick<WithdrawRow, 'state' | 'heldUntil'>, now: Date): boolean {
  return row.state === 'pending' && row.heldUntil !== null && now.getTime() < row.heldUntil.getTime();
}

/** What the user and the console see of a withdrawal's safety state at `now` (nothing once decided). */
export function safetyOf(row: Pick<WithdrawRow, 'state' | 'heldUntil' | 'reviewRequired'>, now: Date): { holdReason: HoldReason; heldUntil: Date | null; reviewReason: ReviewReason } {
  const held = isHeld(row, now);
  return {
    holdReason: held ? 'address_changed' : '',
    heldUntil: held ? row.heldUntil : null,
    reviewReason: row.state === 'pending' && row.reviewRequired ? 'new_address' : '',
  };
}

/** An amount setting where "0" turns the rule off. */
function limitOf(value: string): Money | undefined {
  const limit = parseMoney(value);
  return money.isZero(limit) ? undefined : limit;
}

export class WithdrawalSafety {
  constructor(
    private readonly repository: WalletRepository,
    private readonly settings: SettingsService,
    private readonly timeZone: string,
  ) {}

  /**
   * Velocity limits, checked with the wallet locked (so racing applications see each other): the daily
   * count (legacy withdraw_limit_num) and weekly count count every application; the daily and weekly
   * amounts count what left or is leaving (in review or paid out, fee included), never refusals.
   */
  async checkVelocity(executor: Executor, userId: string, amount: Money, now: Date): Promise<void> {
    const today = startOfDay(this.timeZone, now);
    const totals = await this.repository.withdrawalTotalsSince(executor, userId, { day: today, week: startOfWeek(this.timeZone, now) });
    const perDay = this.settings.get('withdraw_limit_num');
    if (totals.dayCount >= perDay) throw new AppError('wallet.withdraw_daily_count', { count: perDay });
    const perWeek = this.settings.get('withdraw_weekly_count_max');
    if (perWeek > 0 && totals.weekCount >= perWeek) throw new AppError('wallet.withdraw_weekly_count', { count: perWeek });
    const checks = [
      ['wallet.withdraw_daily_amount', limitOf(this.settings.get('withdraw_daily_amount_max')), totals.dayAmount],
      ['wallet.withdraw_weekly_amount', limitOf(this.settings.get('withdraw_weekly_amount_max')), totals.weekAmount],
    ] as const;
    for (const [key, max, used] of checks) {
      if (max === undefined || money.cmp(money.add(used, amount), max) <= 0) continue;
      const remaining = money.sub(max, used);
      throw new AppError(key, { max: money.format(max, { decimals: 2 }), remaining: money.format(money.isNegative(remaining) ? money.zero : remaining, { decimals: 2 }) });
    }
  }

  /** The marks a new withdrawal to the bound address gets: held through the cool-down, and/or flagged for review. */
  async marksFor(executor: Executor, userId: string, address: WithdrawAddressRow, amount: Money, now: Date): Promise<{ heldUntil: Date | null; reviewRequired: boolean }> {
    const heldUntil = coolDownEnd(address, this.settings.get('withdraw_address_cooldown_hours'), now) ?? null;
    const threshold = limitOf(this.settings.get('withdraw_new_address_review_above'));
    const reviewRequired = threshold !== undefined && money.cmp(amount, threshold) > 0 && !(await this.repository.hasApprovedWithdrawalTo(executor, userId, address.address));
    return { heldUntil, reviewRequired };
  }
}
