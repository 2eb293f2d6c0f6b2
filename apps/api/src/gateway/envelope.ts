import { isErrorKey } from '@caravan/contract/errors/all-errors';
import { SUCCESS_CODE, type Envelope } from '@caravan/contract/envelope';
import type { Locale } from '@caravan/contract/languages';
import type { z } from 'zod';
import { AppError } from '../platform/errors.ts';
import type { Translator } from '../platform/i18n.ts';
import type { LegacyParams } from './params.ts';

export function successEnvelope<T>(data: T, msg = ''): Envelope<T> {
  return { code: SUCCESS_CODE, msg, data };
}

export function errorEnvelope(error: AppError, locale: Locale, translator: Translator): Envelope<unknown> {
  return {
    code: error.code,
    msg: translator.t(locale, error.key, error.params),
    errorKey: error.key,
    data: error.data ?? null,
  };
}

/**
 * The first validation issue as an AppError: the schema's own error key when it named one,
 * otherwise "missing" or "invalid" naming the parameter.
 */
export function paramError(error: z.ZodError, raw: LegacyParams): AppError {
  const issue = error.issues[0];
  const field = String(issue?.path[0] ?? 'params');
  if (issue && isErrorKey(issue.message)) return new AppError(issue.message, { field });
  if (raw[field] === undefined) return new AppError('common.param_missing', { field });
  return new AppError('common.param_invalid', { field });
}
