import { spec, type ErrorSpec } from './error-spec.ts';

export const catalogErrors = {
  'catalog.keyword_required': spec.bad,
  'catalog.keyword_too_long': spec.bad,
  'catalog.goods_required': spec.bad,
  'catalog.goods_not_found': spec.notFound,
  'catalog.goods_off_shelf': { code: '1', status: 410 },
  'catalog.category_invalid': spec.bad,
  'catalog.category_parent_invalid': spec.bad,
} as const satisfies Record<`catalog.${string}`, ErrorSpec>;
