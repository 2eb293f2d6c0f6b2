import { spec, type ErrorSpec } from './error-spec.ts';

export const commonErrors = {
  /** Parameter {field} is missing. */
  'common.param_missing': spec.bad,
  /** Parameter {field} has a wrong type, format or length. */
  'common.param_invalid': spec.bad,
  'common.page_invalid': spec.bad,
  'common.amount_invalid': spec.bad,
  'common.not_logged_in': spec.relogin,
  'common.session_expired': spec.relogin,
  'common.account_disabled': spec.relogin,
  'common.no_permission': spec.forbidden,
  'common.not_found': spec.notFound,
  'common.too_frequent': spec.tooMany,
  'common.duplicate_submission': spec.conflict,
  'common.idempotency_mismatch': spec.conflict,
  'common.try_later': spec.conflict,
  'common.not_available_yet': { code: '1', status: 501 },
  'common.payload_too_large': { code: '1', status: 413 },
  'common.unsupported_media_type': { code: '1', status: 415 },
  'common.system_error': { code: '500', status: 500 },
} as const satisfies Record<`common.${string}`, ErrorSpec>;
