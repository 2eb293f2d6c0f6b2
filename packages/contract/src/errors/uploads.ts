import { spec, type ErrorSpec } from './error-spec.ts';

export const uploadsErrors = {
  'uploads.file_required': spec.bad,
  'uploads.type_not_allowed': { code: '1', status: 415 },
  'uploads.too_large': { code: '1', status: 413 },
  'uploads.unreadable': spec.unprocessable,
  'uploads.dimensions_too_large': spec.unprocessable,
} as const satisfies Record<`uploads.${string}`, ErrorSpec>;
