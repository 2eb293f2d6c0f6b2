import { spec, type ErrorSpec } from './error-spec.ts';

export const operatorsErrors = {
  'operators.login_failed': { code: '1', status: 401 },
  'operators.locked_minutes': { code: '1', status: 423 },
  'operators.locked_day': { code: '1', status: 423 },
  'operators.not_logged_in': { code: '403', status: 401 },
  'operators.forbidden': spec.forbidden,
  'operators.username_taken': spec.conflict,
  'operators.self_change': spec.conflict,
} as const satisfies Record<`operators.${string}`, ErrorSpec>;
