import { errorCatalog, type ErrorKey } from '@caravan/contract/errors/all-errors';
import type { MessageParams } from './i18n.ts';

/**
 * An expected failure with a stable key from the closed catalogue. The gateway turns it into the
 * legacy envelope (code, translated msg, errorKey); REST routes into the mapped HTTP status.
 * Anything thrown that is not an AppError is unexpected and becomes a generic 500.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(
    readonly key: ErrorKey,
    readonly params: MessageParams = {},
    /** Payload some legacy errors carry in `data` (e.g. placeholder values). */
    readonly data?: unknown,
  ) {
    super(key);
    this.name = 'AppError';
    this.code = errorCatalog[key].code;
    this.status = errorCatalog[key].status;
  }
}

export function fail(key: ErrorKey, params?: MessageParams, data?: unknown): never {
  throw new AppError(key, params, data);
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
